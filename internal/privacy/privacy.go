// Package privacy is a member's rights over their own data: a copy of it, and erasure. A member
// downloads everything the service keeps about them (Export) and closes their account, which
// removes that data for good (DeleteAccount). The rules of both live here: what the copy holds,
// how often it may be made, who may close their own account, and what has to happen at the
// payment provider first.
package privacy

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/billing"
	"wayfinder/internal/coaching"
	"wayfinder/internal/messages"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
	"wayfinder/internal/waitlist"
)

// Store is what the Service needs of the database. Its signatures are those of sqlstore.DB.
type Store interface {
	// InTx runs fn in one transaction; the store calls fn makes with its ctx are part of it.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	// LockUser holds the member's row until the transaction ends; NotFound for an unknown member.
	LockUser(ctx context.Context, userID string) error
	UserByID(ctx context.Context, id string) (account.User, error)

	// What the copy of a member's data is made of.
	SurveyAnswers(ctx context.Context, userID string) ([]onboarding.StoredAnswers, error)
	// MemberAnswerHistory returns every saved version of every answer of the member, oldest first.
	MemberAnswerHistory(ctx context.Context, userID string) ([]onboarding.StoredAnswers, error)
	ProgressEvents(ctx context.Context, userID string) ([]onboarding.ProgressEvent, error)
	// UTMRecord returns the member's campaign values, or NotFound when none were recorded.
	UTMRecord(ctx context.Context, userID string) (onboarding.UTMRecord, error)
	// AssignmentHistory returns the member's coach assignments, newest first.
	AssignmentHistory(ctx context.Context, userID string) ([]coaching.Assignment, error)
	CoachByID(ctx context.Context, id string) (coaching.Coach, error)
	// Subscription returns the member's payment state, or NotFound when they have never had one.
	Subscription(ctx context.Context, userID string) (billing.Subscription, error)
	PlanByID(ctx context.Context, id string) (billing.Plan, error)
	SafetyDisclosures(ctx context.Context, userID string) ([]onboarding.SafetyDisclosure, error)
	// AndroidWaitlistEntry returns the member's place on the Android waitlist, or NotFound.
	AndroidWaitlistEntry(ctx context.Context, userID string) (waitlist.Entry, error)
	// MemberSignUp returns where the member came from when they signed up and the payment variant.
	MemberSignUp(ctx context.Context, userID string) (SignUp, error)

	// DataExportsSince counts the member's copies made after since, and returns when the oldest of
	// them was made; RecordDataExport records one made at at, forgetting the member's records from
	// before forgetBefore, which no limit looks at any more.
	DataExportsSince(ctx context.Context, userID string, since time.Time) (int, time.Time, error)
	RecordDataExport(ctx context.Context, userID string, at, forgetBefore time.Time) error

	// What erasing an account removes besides the user's row, whose removal takes every table that
	// refers to it along (the schema's foreign keys cascade).
	DeleteSubjectOAuthRequests(ctx context.Context, subject string) (int64, error)
	DeleteLoginAttempts(ctx context.Context, keys ...string) (int64, error)
	DeleteMailTo(ctx context.Context, recipient string) (int64, error)
	DeleteUser(ctx context.Context, userID string) error
	AppendAudit(ctx context.Context, e backoffice.Entry) error
}

// Payments cancels a subscription at the payment provider (billing.Payments: Stripe, or the test
// mode, where nothing is charged).
type Payments interface {
	CancelSubscription(ctx context.Context, subscriptionID string) error
}

// SignInRecords is the embedded identity provider's part (idp.Accounts): the keys under which its
// sign-in limits count attempts for an email. They are hashes, so only the provider can name them.
type SignInRecords interface {
	AttemptKeys(email string) []string
}

// Events is what closing an account tells the operator's systems (insights.Webhooks), in the
// transaction that erases it.
type Events interface {
	// MemberDeleted records that the member u, as they were just before, closed their account.
	MemberDeleted(ctx context.Context, u account.User) error
}

// Config is what a Service is made of besides its store.
type Config struct {
	// Survey orders the answers in the copy as the survey asks them.
	Survey *survey.Definition
	// Payments is nil when payments are off: a member with a live subscription then cannot close
	// their account until they are on again, since the subscription would go on charging them.
	Payments Payments
	// SignIn is nil when an external identity provider signs members in: it keeps its own records.
	SignIn SignInRecords
	// Events hears of every closed account, so the operator's systems can remove the member too;
	// nil tells no one.
	Events Events
	// Now is the clock; time.Now by default.
	Now func() time.Time
}

// Service makes copies of members' data and closes members' accounts.
type Service struct {
	store    Store
	def      *survey.Definition
	payments Payments
	signIn   SignInRecords
	events   Events
	now      func() time.Time
}

// NewService returns a Service.
func NewService(store Store, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{store: store, def: cfg.Survey, payments: cfg.Payments, signIn: cfg.SignIn, events: cfg.Events, now: cfg.Now}
}

// The export limit: a copy holds all of a member's data and takes a few reads of every table, so
// a member may make ExportsPerWindow of them in ExportWindow, which is plenty for a person and
// keeps a script with a stolen session from hammering the database.
const (
	ExportsPerWindow = 5
	ExportWindow     = time.Hour
)

// The members' messages of this package (internal/messages holds their words).
const (
	msgNoAccount         messages.Key = "api.privacy.noAccount"
	msgStaffAccount      messages.Key = "api.privacy.staffAccount"
	msgPaymentChanged    messages.Key = "api.privacy.paymentChanged"
	msgNotCanceled       messages.Key = "api.privacy.notCanceled"
	msgTooManyExports    messages.Key = "api.privacy.tooManyExports"
	msgTooManyExportsOne messages.Key = "api.privacy.tooManyExportsOne"
)

// The refusals that callers tell apart.
var (
	// ErrNoAccount answers a caller whose account is gone by the time their request is served.
	ErrNoAccount = apperr.E(apperr.Unauthenticated, msgNoAccount)
	// ErrStaffAccount refuses a member of staff who tries to close their own account: it holds the
	// trail of what they did with members' data, so an admin decides, and takes the staff role
	// away first.
	ErrStaffAccount = apperr.E(apperr.Forbidden, msgStaffAccount)
	// ErrPaymentChanged refuses to close an account whose subscription changed while it was being
	// closed: a checkout finished in another tab, say. Trying again cancels the new one too.
	ErrPaymentChanged = apperr.E(apperr.Conflict, msgPaymentChanged)
)

// tooManyExports is the cause of the export limit's refusal, and says when the next copy may be
// made; the HTTP layer sends it as Retry-After.
type tooManyExports struct{ wait time.Duration }

func (e tooManyExports) Error() string {
	return fmt.Sprintf("data export limit reached; next in %s", e.wait)
}

// RetryAfter is how long until the member may make another copy.
func (e tooManyExports) RetryAfter() time.Duration { return e.wait }

// ConsentTermsOfService names the member's acceptance of the terms and the privacy policy, which
// the name-and-birth step asks for.
const ConsentTermsOfService = "termsOfService"

// Export is a copy of everything the service keeps about one member. Staff's notes about them (a
// safety review) are the service's records, not the member's, and are left out.
type Export struct {
	ExportedAt time.Time
	User       account.User
	// Answers are the member's current answers, in the order the survey asks them.
	Answers []onboarding.StoredAnswers
	// AnswerHistory is every version of every answer the member saved, oldest first; UpdatedAt is
	// when each was recorded.
	AnswerHistory []onboarding.StoredAnswers
	Progress      []onboarding.ProgressEvent
	UTM           *onboarding.UTMRecord // nil when the member arrived without campaign values
	Coaches       []CoachSpell          // oldest first
	Payment       Payment
	Consents      []Consent
	// SafetyDisclosures are the times the member told us of thoughts of self-harm.
	SafetyDisclosures []time.Time
	// AndroidWaitlist is the member's place on the Android waitlist: the address they gave, the
	// consent they agreed to and when; nil when they are not on it.
	AndroidWaitlist *waitlist.Entry
	SignUp          SignUp
}

// SignUp is what was kept of the member's sign-up for the campaigns report: the host of the site
// they came from ("direct" for none, "" when not recorded), and whether the site they signed up on
// offered payment (nil when not recorded).
type SignUp struct {
	Origin         string
	PaymentOffered *bool
}

// CoachSpell is a time a coach was the member's.
type CoachSpell struct {
	CoachID    string
	CoachName  string
	AssignedAt time.Time
	EndedAt    *time.Time // nil for the member's coach now
}

// Payment is the member's plan and payment state as the payment provider's events left it.
type Payment struct {
	Status    billing.Status
	PlanID    string // "" when the member never had a plan
	PlanName  string
	UpdatedAt *time.Time // nil when the member never had a plan
}

// Consent is a permission the member gave or refused, and when.
type Consent struct {
	Name  string
	Given bool
	At    *time.Time // nil when the member was never asked
}

// Export returns a copy of the member's data, unless they have made ExportsPerWindow copies in
// the last ExportWindow: then it is RateLimited, with the wait in its cause (RetryAfter). Every
// read is made in the transaction that counts the copy, so the copy is of one moment, and a copy
// that fails is not counted.
func (s *Service) Export(ctx context.Context, userID string) (Export, error) {
	now := s.now().UTC()
	var e Export
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		e = Export{ExportedAt: now}
		if err := s.store.LockUser(ctx, userID); err != nil {
			return noAccount(err)
		}
		n, oldest, err := s.store.DataExportsSince(ctx, userID, now.Add(-ExportWindow))
		if err != nil {
			return err
		}
		if n >= ExportsPerWindow {
			wait := oldest.Add(ExportWindow).Sub(now)
			minutes := max(int((wait+time.Minute-1)/time.Minute), 1)
			if minutes == 1 {
				return apperr.Wrap(apperr.RateLimited, tooManyExports{wait: wait}, msgTooManyExportsOne)
			}
			return apperr.Wrap(apperr.RateLimited, tooManyExports{wait: wait}, msgTooManyExports, messages.Params{"minutes": minutes})
		}
		if err := s.store.RecordDataExport(ctx, userID, now, now.Add(-ExportWindow)); err != nil {
			return err
		}
		return s.gather(ctx, userID, &e)
	})
	if err != nil {
		return Export{}, err
	}
	return e, nil
}

// gather reads the member's data into e.
func (s *Service) gather(ctx context.Context, userID string, e *Export) error {
	var err error
	if e.User, err = s.store.UserByID(ctx, userID); err != nil {
		return noAccount(err)
	}
	answers, err := s.store.SurveyAnswers(ctx, userID)
	if err != nil {
		return err
	}
	e.Answers = s.inSurveyOrder(answers)
	if e.AnswerHistory, err = s.store.MemberAnswerHistory(ctx, userID); err != nil {
		return err
	}
	if e.Progress, err = s.store.ProgressEvents(ctx, userID); err != nil {
		return err
	}
	switch utm, err := s.store.UTMRecord(ctx, userID); {
	case err == nil:
		e.UTM = &utm
	case apperr.CodeOf(err) != apperr.NotFound:
		return err
	}
	if e.Coaches, err = s.coachSpells(ctx, userID); err != nil {
		return err
	}
	if e.Payment, err = s.payment(ctx, userID); err != nil {
		return err
	}
	if e.SignUp, err = s.store.MemberSignUp(ctx, userID); err != nil {
		return err
	}
	e.Consents = []Consent{termsConsent(e.Answers, e.AnswerHistory)}
	disclosures, err := s.store.SafetyDisclosures(ctx, userID)
	if err != nil {
		return err
	}
	e.SafetyDisclosures = make([]time.Time, 0, len(disclosures))
	for _, d := range disclosures {
		e.SafetyDisclosures = append(e.SafetyDisclosures, d.DisclosedAt)
	}
	switch entry, err := s.store.AndroidWaitlistEntry(ctx, userID); {
	case err == nil:
		e.AndroidWaitlist = &entry
	case apperr.CodeOf(err) != apperr.NotFound:
		return err
	}
	return nil
}

// inSurveyOrder orders answers as the survey's main path asks them; a step only a branch leads
// to, or one the survey no longer has, goes after them in the order it came.
func (s *Service) inSurveyOrder(answers []onboarding.StoredAnswers) []onboarding.StoredAnswers {
	out := append([]onboarding.StoredAnswers{}, answers...)
	if s.def == nil {
		return out
	}
	rank := s.def.FlowRank()
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i].QuestionSlug) < rank(out[j].QuestionSlug) })
	return out
}

// coachSpells returns the member's coaches, oldest first, with their names.
func (s *Service) coachSpells(ctx context.Context, userID string) ([]CoachSpell, error) {
	history, err := s.store.AssignmentHistory(ctx, userID)
	if err != nil {
		return nil, err
	}
	spells := make([]CoachSpell, 0, len(history))
	for i := len(history) - 1; i >= 0; i-- {
		a := history[i]
		spell := CoachSpell{CoachID: a.CoachID, AssignedAt: a.AssignedAt, EndedAt: a.EndedAt}
		c, err := s.store.CoachByID(ctx, a.CoachID)
		if err != nil && apperr.CodeOf(err) != apperr.NotFound {
			return nil, err
		}
		spell.CoachName = strings.TrimSpace(c.FirstName + " " + c.LastName)
		spells = append(spells, spell)
	}
	return spells, nil
}

// payment returns the member's payment state, none when they never had a plan.
func (s *Service) payment(ctx context.Context, userID string) (Payment, error) {
	sub, err := s.store.Subscription(ctx, userID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Payment{Status: billing.StatusNone}, nil
	}
	if err != nil {
		return Payment{}, err
	}
	p := Payment{Status: sub.Status, PlanID: sub.PlanID}
	if !sub.UpdatedAt.IsZero() {
		at := sub.UpdatedAt
		p.UpdatedAt = &at
	}
	plan, err := s.store.PlanByID(ctx, sub.PlanID)
	switch {
	case err == nil:
		p.PlanName = plan.Name
	case apperr.CodeOf(err) != apperr.NotFound:
		return Payment{}, err
	}
	return p, nil
}

// termsConsent reads the member's acceptance of the terms from their name-and-birth answer: given
// when the current answer accepts them, since the first saved version from which every later one
// accepts them too; refused, at the current answer's time, when it doesn't; and never asked
// when the member has not answered the step.
func termsConsent(answers, history []onboarding.StoredAnswers) Consent {
	c := Consent{Name: ConsentTermsOfService}
	var current *onboarding.StoredAnswers
	for i := range answers {
		if answers[i].QuestionSlug == survey.SlugNameAndBirth {
			current = &answers[i]
		}
	}
	if current == nil {
		return c
	}
	at := current.UpdatedAt
	c.At = &at
	if !acceptsTerms(current.Answers) {
		return c
	}
	c.Given = true
	for i := len(history) - 1; i >= 0; i-- {
		h := history[i]
		if h.QuestionSlug != survey.SlugNameAndBirth {
			continue
		}
		if !acceptsTerms(h.Answers) {
			break
		}
		at = h.UpdatedAt
	}
	c.At = &at
	return c
}

// acceptsTerms tells whether name-and-birth answers accept the terms.
func acceptsTerms(answers []survey.Answer) bool {
	for _, a := range answers {
		if a.Key == survey.KeyTermsOfService {
			return a.Value == "true"
		}
	}
	return false
}

// DeleteAccount closes a member's account and erases their data: their answers and every earlier
// version of them, progress, campaign values, coach history, payment state, pictures, safety
// disclosures, sessions and sign-in records, the emails waiting for them, and their sign-in at the
// embedded identity provider. One entry stays in the audit log: that the member closed their
// account, with their id and the time, and nothing else about them. Their webhook events go too,
// and when an admin has set up a webhook for it, a member.deleted event with their id, email and
// name goes to the operator's systems, so those remove them as well; it is kept until delivered,
// then for the webhooks' retention (docs/webhooks.md).
//
// Staff cannot close their own account this way (ErrStaffAccount). A subscription that still
// charges the member is canceled at the payment provider first; if that fails, nothing is deleted
// and the error is Unavailable with a plain message.
func (s *Service) DeleteAccount(ctx context.Context, userID string) error {
	u, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return noAccount(err)
	}
	if u.Role.IsStaff() {
		return ErrStaffAccount
	}
	// The provider is asked before anything is deleted: a subscription whose member is gone would
	// go on charging them with nobody here to stop it. A cancellation that succeeds before the
	// erasure fails leaves a member without a plan who can try again; the reverse is not possible.
	sub, err := s.subscription(ctx, userID)
	if err != nil {
		return err
	}
	if chargesAtProvider(sub) {
		if err := s.cancel(ctx, sub.SubscriptionID); err != nil {
			return err
		}
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.LockUser(ctx, userID); err != nil {
			return noAccount(err)
		}
		// The account is read again under the lock: a role or a payment that changed since the
		// first look decides.
		u, err := s.store.UserByID(ctx, userID)
		if err != nil {
			return noAccount(err)
		}
		if u.Role.IsStaff() {
			return ErrStaffAccount
		}
		current, err := s.subscription(ctx, userID)
		if err != nil {
			return err
		}
		if chargesAtProvider(current) && current.SubscriptionID != sub.SubscriptionID {
			return ErrPaymentChanged
		}
		return s.erase(ctx, u)
	})
}

// erase removes the account u and everything of theirs that the user's row does not take along,
// and records that it was done. It runs inside DeleteAccount's transaction.
func (s *Service) erase(ctx context.Context, u account.User) error {
	// The embedded provider's codes and tokens name the account by its subject, not by a key the
	// database can follow.
	if _, err := s.store.DeleteSubjectOAuthRequests(ctx, u.Subject); err != nil {
		return err
	}
	if u.Email != "" {
		// The sign-in limits count by hashes of the email. Those of the account and of reset links
		// are named here; those of the email tried from one address need the address too, and stay
		// until they expire (docs/configuration.md says so).
		if s.signIn != nil {
			if keys := s.signIn.AttemptKeys(u.Email); len(keys) > 0 {
				if _, err := s.store.DeleteLoginAttempts(ctx, keys...); err != nil {
					return err
				}
			}
		}
		// Emails waiting for the member, and the records of those sent to them, say who they are.
		if _, err := s.store.DeleteMailTo(ctx, u.Email); err != nil {
			return err
		}
	}
	// The event is written before the member's rows go, from what they were, and outlives them: it
	// is how the operator's systems learn whom to remove.
	if s.events != nil {
		if err := s.events.MemberDeleted(ctx, u); err != nil {
			return err
		}
	}
	if err := s.store.DeleteUser(ctx, u.ID); err != nil {
		return noAccount(err)
	}
	// The member acted themselves: the entry's actor is their own id, with no email, and no
	// address, since the entry outlives everything else about them.
	return s.store.AppendAudit(ctx, backoffice.Entry{At: s.now().UTC(), StaffUserID: u.ID, Action: backoffice.ActionAccountDeleted, MemberID: u.ID})
}

// subscription returns the member's payment state; a member who never paid has a zero one.
func (s *Service) subscription(ctx context.Context, userID string) (billing.Subscription, error) {
	sub, err := s.store.Subscription(ctx, userID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return billing.Subscription{UserID: userID, Status: billing.StatusNone}, nil
	}
	return sub, err
}

// chargesAtProvider tells whether a payment state is a subscription the provider may still charge.
func chargesAtProvider(sub billing.Subscription) bool {
	return sub.Status.HoldsPlan() && sub.SubscriptionID != ""
}

// cancel cancels a subscription at the payment provider. Every failure is Unavailable with the
// same plain message: whatever went wrong, nothing was deleted and trying later is what the member
// can do; the cause goes to the log.
func (s *Service) cancel(ctx context.Context, subscriptionID string) error {
	if s.payments == nil {
		return apperr.Wrap(apperr.Unavailable, errors.New("the member has a subscription, and no payment provider is configured to cancel it"), msgNotCanceled)
	}
	if err := s.payments.CancelSubscription(ctx, subscriptionID); err != nil {
		return apperr.Wrap(apperr.Unavailable, err, msgNotCanceled)
	}
	return nil
}

// noAccount turns a NotFound about the caller's own account into ErrNoAccount.
func noAccount(err error) error {
	if apperr.CodeOf(err) == apperr.NotFound {
		return ErrNoAccount
	}
	return err
}
