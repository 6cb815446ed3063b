// Package insights is what the operator of the service learns from Wayfinder about its members as
// a whole: funnel and campaign reports, exports, and outbound webhooks that tell the operator's own
// systems (a CRM, a mailing tool) when a member signs up, completes the survey, chooses a coach,
// pays or closes their account. Whatever leaves through it carries who and when, never a survey
// answer, a score or a safety flag.
package insights
