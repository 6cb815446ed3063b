// Package billing is the plan and payment half of the journey: the plans the service offers, the
// one recommended from a member's answers, what a plan will cost them and when, the checkout that
// takes their payment (Stripe Checkout, through the Payments port), and the member's payment
// state, which only signed events from the payment provider change.
package billing

import (
	"fmt"
	"regexp"
	"time"
	"unicode/utf8"

	"wayfinder/internal/apperr"
	"wayfinder/internal/cleantext"
	"wayfinder/internal/messages"
)

// The messages of billing (internal/messages holds their words). A plan's field messages are for
// the operators who write plans; the rest are a member's.
const (
	msgPlanInvalid       messages.Key = "api.plan.invalid"
	msgPlanID            messages.Key = "api.plan.id"
	msgPlanName          messages.Key = "api.plan.name"
	msgPlanAmount        messages.Key = "api.plan.amount"
	msgPlanCurrency      messages.Key = "api.plan.currency"
	msgPlanInterval      messages.Key = "api.plan.interval"
	msgPlanStripePrice   messages.Key = "api.plan.stripePrice"
	msgPlanIncludes      messages.Key = "api.plan.includes"
	msgPlanIncludeLine   messages.Key = "api.plan.includeLine"
	msgPlanTrialDays     messages.Key = "api.plan.trialDays"
	msgPlanTrialOneOff   messages.Key = "api.plan.trialOneOff"
	msgPlanSupport       messages.Key = "api.plan.support"
	msgConfirmEmailFirst messages.Key = "api.billing.confirmEmailFirst"
	msgNoPlans           messages.Key = "api.billing.noPlans"
	msgPlanWithdrawn     messages.Key = "api.billing.planWithdrawn"
	msgChooseShownPlan   messages.Key = "api.billing.chooseShownPlan"
	msgHoldsPlan         messages.Key = "api.billing.holdsPlan"
	msgCheckoutNotFound  messages.Key = "api.billing.checkoutNotFound"
	msgChooseCoachFirst  messages.Key = "api.billing.chooseCoachFirst"
)

// Interval is how often a plan is charged.
type Interval string

const (
	Monthly Interval = "month" // charged every month until canceled: a Stripe subscription
	OneOff  Interval = "once"  // a single payment
)

// Support is how much support a plan gives. The recommendation decides the support a member's
// answers call for and picks the plan that gives it, so the plans themselves can change freely.
type Support string

const (
	Light     Support = "light"
	Standard  Support = "standard"
	Intensive Support = "intensive"
)

// supportOrder ranks the levels, for picking the nearest plan when none gives the level asked for.
var supportOrder = map[Support]int{Light: 0, Standard: 1, Intensive: 2}

// Price is what a plan costs each time it is charged.
type Price struct {
	Amount   int64    // in the currency's smallest unit (cents)
	Currency string   // ISO 4217, lower case, as Stripe writes it
	Interval Interval // monthly or one-off
}

// Plan is one plan the service offers. Plans are data: operators import them with `wayfinder plans
// import`, and each names the Stripe price that checkout charges.
type Plan struct {
	ID            string
	Name          string
	Price         Price
	StripePriceID string
	Includes      []string // what the plan includes, one short line each
	TrialDays     int      // a free trial before the first charge; 0 for none
	Support       Support
	Active        bool // offered to members; an inactive plan keeps its members but takes no new ones
	UpdatedAt     time.Time
}

// Limits of a plan's fields: enough for any real plan, small enough for a phone screen.
const (
	MaxPlanNameLength    = 60
	MaxIncludes          = 8
	MaxIncludeLength     = 120
	MaxTrialDays         = 90
	MaxAmount            = 99_999_999 // Stripe's own limit for one charge, in the smallest unit
	maxStripePriceLength = 255
)

var (
	planIDPattern   = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,39}$`)
	currencyPattern = regexp.MustCompile(`^[a-z]{3}$`)
)

// Check returns an Invalid error naming every field of the plan that is not acceptable, or nil.
func (p Plan) Check() error {
	var bad []apperr.FieldError
	add := func(field string, key messages.Key, params ...messages.Params) {
		bad = append(bad, apperr.Field(field, key, params...))
	}
	if !planIDPattern.MatchString(p.ID) {
		add("id", msgPlanID)
	}
	switch n := utf8.RuneCountInString(p.Name); {
	case !cleantext.HasVisible(p.Name) || n > MaxPlanNameLength:
		add("name", msgPlanName, messages.Params{"max": MaxPlanNameLength})
	case cleantext.Problem(p.Name) != "":
		add("name", cleantext.Problem(p.Name))
	}
	if p.Price.Amount <= 0 || p.Price.Amount > MaxAmount {
		add("price.amount", msgPlanAmount, messages.Params{"max": MaxAmount})
	}
	if !currencyPattern.MatchString(p.Price.Currency) {
		add("price.currency", msgPlanCurrency)
	}
	if p.Price.Interval != Monthly && p.Price.Interval != OneOff {
		add("price.interval", msgPlanInterval, messages.Params{"monthly": Monthly, "oneOff": OneOff})
	}
	if p.StripePriceID == "" || len(p.StripePriceID) > maxStripePriceLength || cleantext.Problem(p.StripePriceID) != "" {
		add("stripePriceId", msgPlanStripePrice)
	}
	if len(p.Includes) == 0 || len(p.Includes) > MaxIncludes {
		add("includes", msgPlanIncludes, messages.Params{"max": MaxIncludes})
	}
	for i, line := range p.Includes {
		if !cleantext.HasVisible(line) || utf8.RuneCountInString(line) > MaxIncludeLength || cleantext.Problem(line) != "" {
			add(fmt.Sprintf("includes[%d]", i), msgPlanIncludeLine, messages.Params{"max": MaxIncludeLength})
		}
	}
	switch {
	case p.TrialDays < 0 || p.TrialDays > MaxTrialDays:
		add("trialDays", msgPlanTrialDays, messages.Params{"max": MaxTrialDays})
	case p.TrialDays > 0 && p.Price.Interval == OneOff:
		add("trialDays", msgPlanTrialOneOff)
	}
	if _, ok := supportOrder[p.Support]; !ok {
		add("support", msgPlanSupport, messages.Params{"light": Light, "standard": Standard, "intensive": Intensive})
	}
	if len(bad) > 0 {
		return apperr.InvalidFields(msgPlanInvalid, bad...)
	}
	return nil
}

// Status is where a member's payment stands.
type Status string

const (
	StatusNone     Status = "none"     // never paid, or an asynchronous payment failed
	StatusPending  Status = "pending"  // paid with a method that takes time to confirm
	StatusActive   Status = "active"   // paid, or in a free trial
	StatusPastDue  Status = "past_due" // a renewal failed and the payment provider is retrying
	StatusCanceled Status = "canceled" // the plan has ended
)

// HoldsPlan tells whether a member in this state has a plan, paid or being paid: such a member is
// never sent to checkout again, and their journey goes on to the hand-off.
func (s Status) HoldsPlan() bool {
	return s == StatusPending || s == StatusActive || s == StatusPastDue
}

// Subscription is a member's plan and payment state, as the payment provider's events left it.
type Subscription struct {
	UserID         string
	PlanID         string
	Status         Status
	CustomerID     string    // the payment provider's customer
	SubscriptionID string    // the provider's subscription, for a monthly plan
	SessionID      string    // the checkout session that started it
	EventAt        time.Time // when the provider created the latest event applied, to put late events in order
	UpdatedAt      time.Time
}

// Promotion is a coupon code as the payment provider knows it: an active promotion code and the
// discount it gives.
type Promotion struct {
	ID               string  // the provider's id of the promotion code, which checkout applies
	Code             string  // what the member typed or the campaign carried
	PercentOff       float64 // 0 when the discount is an amount
	AmountOff        int64   // in the smallest unit of Currency; 0 when the discount is a percentage
	Currency         string
	Duration         string // once, repeating or forever
	DurationInMonths int    // for repeating
}

// CouponStatus says whether the coupon a member arrived with will apply.
type CouponStatus string

const (
	CouponApplies   CouponStatus = "applies"   // the provider knows it, and checkout applies it
	CouponUnknown   CouponStatus = "unknown"   // the provider doesn't know it: checkout goes on without it
	CouponUnchecked CouponStatus = "unchecked" // the provider could not be asked just now; checkout tries again
)

// Coupon is the coupon a member arrived with (the campaign's coupon value) and what it does.
type Coupon struct {
	Code      string
	Status    CouponStatus
	Promotion Promotion // set when Status is CouponApplies
	Problem   error     // why the provider could not be asked, when Status is CouponUnchecked; for the log
}

// fitsPlan tells whether the promotion's discount can apply to the plan: an amount off is in one
// currency.
func (p Promotion) fitsPlan(plan Plan) bool {
	return p.AmountOff == 0 || p.Currency == plan.Price.Currency
}

// discounted returns amount after the promotion's discount, never below zero.
func (p Promotion) discounted(amount int64) int64 {
	switch {
	case p.PercentOff > 0:
		off := int64(float64(amount)*p.PercentOff/100 + 0.5)
		return max(0, amount-off)
	case p.AmountOff > 0:
		return max(0, amount-p.AmountOff)
	}
	return amount
}

// Charge is one payment a member will make.
type Charge struct {
	Amount int64
	On     time.Time // the day, in UTC
}

// Charges are what a plan will cost a member and when: the first charge (today, or the day a free
// trial ends), then each later monthly charge, with a coupon that applies taken off.
type Charges struct {
	First Charge
	Then  *int64 // nil for a one-off plan
}

// ChargesFor returns what the plan will cost and when, from today, with the coupon if it applies.
// A one-time coupon comes off the first charge; a coupon for several months or for good comes off
// the later charges too.
func ChargesFor(plan Plan, coupon Coupon, today time.Time) Charges {
	day := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	applies := coupon.Status == CouponApplies && coupon.Promotion.fitsPlan(plan)
	first := plan.Price.Amount
	if applies {
		first = coupon.Promotion.discounted(first)
	}
	c := Charges{First: Charge{Amount: first, On: day.AddDate(0, 0, plan.TrialDays)}}
	if plan.Price.Interval == Monthly {
		then := plan.Price.Amount
		p := coupon.Promotion
		if applies && (p.Duration == "forever" || (p.Duration == "repeating" && p.DurationInMonths > 1)) {
			then = p.discounted(then)
		}
		c.Then = &then
	}
	return c
}
