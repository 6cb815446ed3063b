package billing

import (
	"strings"
	"testing"
	"time"

	"wayfinder/internal/apperr"
)

func TestPlanCheck(t *testing.T) {
	good := Plan{ID: "steady", Name: "Steady", Price: Price{Amount: 12900, Currency: "usd", Interval: Monthly},
		StripePriceID: "price_1", Includes: []string{"Two sessions"}, TrialDays: 7, Support: Standard, Active: true}
	if err := good.Check(); err != nil {
		t.Fatalf("a good plan: Check() = %v", err)
	}
	tests := []struct {
		name  string
		edit  func(p *Plan)
		field string
	}{
		{"an id with spaces", func(p *Plan) { p.ID = "my plan" }, "id"},
		{"no name", func(p *Plan) { p.Name = " " }, "name"},
		{"a control character", func(p *Plan) { p.Name = "Steady\u0007" }, "name"},
		{"a free plan", func(p *Plan) { p.Price.Amount = 0 }, "price.amount"},
		{"a currency in capitals", func(p *Plan) { p.Price.Currency = "USD" }, "price.currency"},
		{"a weekly plan", func(p *Plan) { p.Price.Interval = "week" }, "price.interval"},
		{"no Stripe price", func(p *Plan) { p.StripePriceID = "" }, "stripePriceId"},
		{"nothing included", func(p *Plan) { p.Includes = nil }, "includes"},
		{"an empty line", func(p *Plan) { p.Includes = []string{"Two sessions", ""} }, "includes[1]"},
		{"a long trial", func(p *Plan) { p.TrialDays = 91 }, "trialDays"},
		{"a trial on a one-off", func(p *Plan) { p.Price.Interval = OneOff }, "trialDays"},
		{"an unknown support", func(p *Plan) { p.Support = "max" }, "support"},
	}
	for _, tt := range tests {
		p := good
		p.Includes = append([]string(nil), good.Includes...)
		tt.edit(&p)
		err := p.Check()
		e, ok := err.(*apperr.Error)
		if !ok || e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != tt.field {
			t.Errorf("%s: Check() = %v, want Invalid naming %s only", tt.name, err, tt.field)
		}
	}
}

func TestChargesFor(t *testing.T) {
	today := time.Date(2026, 11, 23, 18, 30, 0, 0, time.UTC)
	monthly := Plan{ID: "m", Price: Price{Amount: 12900, Currency: "usd", Interval: Monthly}}
	trial := monthly
	trial.TrialDays = 7
	oneOff := Plan{ID: "o", Price: Price{Amount: 14900, Currency: "usd", Interval: OneOff}}
	coupon := func(p Promotion) Coupon { return Coupon{Code: p.Code, Status: CouponApplies, Promotion: p} }
	once := coupon(Promotion{Code: "ONCE", PercentOff: 20, Duration: "once"})
	forever := coupon(Promotion{Code: "EVER", AmountOff: 1000, Currency: "usd", Duration: "forever"})
	months := coupon(Promotion{Code: "THREE", PercentOff: 50, Duration: "repeating", DurationInMonths: 3})
	euros := coupon(Promotion{Code: "EUR", AmountOff: 1000, Currency: "eur", Duration: "forever"})
	tooMuch := coupon(Promotion{Code: "ALL", AmountOff: 99999, Currency: "usd", Duration: "once"})
	unknown := Coupon{Code: "NOPE", Status: CouponUnknown}
	tests := []struct {
		name     string
		plan     Plan
		coupon   Coupon
		first    int64
		firstDay string
		then     int64 // -1: none
	}{
		{"monthly", monthly, Coupon{}, 12900, "2026-11-23", 12900},
		{"a trial moves the first charge", trial, Coupon{}, 12900, "2026-11-30", 12900},
		{"one-off", oneOff, Coupon{}, 14900, "2026-11-23", -1},
		{"once: the first charge only", trial, once, 10320, "2026-11-30", 12900},
		{"forever: every charge", monthly, forever, 11900, "2026-11-23", 11900},
		{"several months: the later ones too", monthly, months, 6450, "2026-11-23", 6450},
		{"a one-off with a coupon", oneOff, once, 11920, "2026-11-23", -1},
		{"another currency's amount does not apply", monthly, euros, 12900, "2026-11-23", 12900},
		{"never below zero", oneOff, tooMuch, 0, "2026-11-23", -1},
		{"an unknown coupon", monthly, unknown, 12900, "2026-11-23", 12900},
	}
	for _, tt := range tests {
		c := ChargesFor(tt.plan, tt.coupon, today)
		then := int64(-1)
		if c.Then != nil {
			then = *c.Then
		}
		if c.First.Amount != tt.first || c.First.On.Format(time.DateOnly) != tt.firstDay || then != tt.then {
			t.Errorf("%s: ChargesFor() = %d on %s, then %d; want %d on %s, then %d", tt.name,
				c.First.Amount, c.First.On.Format(time.DateOnly), then, tt.first, tt.firstDay, tt.then)
		}
	}
}

func TestVariant(t *testing.T) {
	hosts := Variant{Hostnames: []string{"pay.example.com"}}
	tests := []struct {
		v    Variant
		host string
		want bool
	}{
		{Variant{}, "pay.example.com", false},
		{Variant{Enabled: true}, "anything.example", true},
		{hosts, "pay.example.com", true},
		{hosts, "PAY.Example.com:8443", true},
		{hosts, "pay.example.com.", true},
		{hosts, "start.example.com", false},
		{hosts, "pay.example.com.evil.test", false},
		{hosts, "", false},
	}
	for _, tt := range tests {
		if got := tt.v.On(tt.host); got != tt.want {
			t.Errorf("%+v.On(%q) = %v, want %v", tt.v, tt.host, got, tt.want)
		}
	}
	if StatusCanceled.HoldsPlan() || StatusNone.HoldsPlan() || !StatusPastDue.HoldsPlan() || !strings.Contains(string(StatusPastDue), "past") {
		t.Error("HoldsPlan() is wrong")
	}
}
