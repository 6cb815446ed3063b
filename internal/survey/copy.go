package survey

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// DefaultLanguage is the language of the copy the server serves and validates with.
const DefaultLanguage = "en"

// definitionCopy is the survey's words in one language: everything a member reads, kept apart from
// the steps' structure (definition.json) so that a second language is a second copy file and never a
// second definition. It lives in the app's message catalog (web/src/messages/<language>/
// definition.json); keys are group keys, step slugs and answer keys, all of them contract values.
type definitionCopy struct {
	Title     string                  `json:"title"`
	Groups    map[string]string       `json:"groups"` // group key → title
	Questions map[string]questionCopy `json:"questions"`
}

// questionCopy is one step's words. Answers maps each answer key to its label, and AnswerTexts maps
// an option with a free-text field ("Something else") to that field's prompt.
type questionCopy struct {
	Title       string            `json:"title"`
	Text        []string          `json:"text"`
	PaymentText []string          `json:"paymentText"`
	NextLabel   string            `json:"nextLabel"`
	Feedback    string            `json:"feedback"`
	Attribution string            `json:"attribution"`
	Answers     map[string]string `json:"answers"`
	AnswerTexts map[string]string `json:"answerTexts"`
}

// decodeCopy reads a copy file, refusing fields it doesn't know, so a misspelt field name fails at
// start-up and in tests instead of leaving a step without its words.
func decodeCopy(b []byte) (definitionCopy, error) {
	var c definitionCopy
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return c, fmt.Errorf("copy: %w", err)
	}
	return c, nil
}

// applyCopy puts the words of c into d. Every group, step and answer needs its words, and every word
// needs a group, step or answer to belong to: a step renamed in one file but not the other fails here.
// The structure itself must hold no words, so there is one place to change each of them.
func (d *Definition) applyCopy(c definitionCopy) error {
	if d.Title != "" {
		return fmt.Errorf("the title belongs in the copy, not the structure")
	}
	d.Title = c.Title
	keys := map[string]bool{}
	for i := range d.Groups {
		g := &d.Groups[i]
		if g.Title != "" {
			return fmt.Errorf("group %d: the title belongs in the copy, not the structure", g.ID)
		}
		g.Title = c.Groups[g.Key]
		keys[g.Key] = true
	}
	for key := range c.Groups {
		if !keys[key] {
			return fmt.Errorf("copy: group %q is not in the definition", key)
		}
	}
	for slug := range c.Questions {
		if d.Questions[slug] == nil {
			return fmt.Errorf("copy: step %q is not in the definition", slug)
		}
	}
	for slug, q := range d.Questions {
		if q == nil {
			continue // check reports it
		}
		qc, ok := c.Questions[slug]
		if !ok {
			return fmt.Errorf("%s: the copy has no words for this step", slug)
		}
		if err := q.applyCopy(qc); err != nil {
			return fmt.Errorf("%s: %w", slug, err)
		}
	}
	return nil
}

func (q *Question) applyCopy(c questionCopy) error {
	if q.Title != "" || q.Text != nil || q.PaymentText != nil || q.NextLabel != "" || q.Feedback != "" ||
		q.Attribution != "" || q.GroupTitle != "" {
		return fmt.Errorf("words belong in the copy, not the structure")
	}
	q.Title, q.Text, q.PaymentText = c.Title, c.Text, c.PaymentText
	q.NextLabel, q.Feedback, q.Attribution = c.NextLabel, c.Feedback, c.Attribution
	for key := range c.Answers {
		if _, ok := q.Variant(key); !ok {
			return fmt.Errorf("copy: answer %q is not an option of this step", key)
		}
	}
	for key := range c.AnswerTexts {
		if _, ok := q.Variant(key); !ok {
			return fmt.Errorf("copy: answer %q has a prompt but is not an option of this step", key)
		}
	}
	for i := range q.AnswerVariants {
		v := &q.AnswerVariants[i]
		if v.Value != "" || v.Text != "" {
			return fmt.Errorf("answer %q: words belong in the copy, not the structure", v.Key)
		}
		label, ok := c.Answers[v.Key]
		if !ok || label == "" {
			return fmt.Errorf("answer %q has no label in the copy", v.Key)
		}
		v.Value, v.Text = label, c.AnswerTexts[v.Key]
	}
	return nil
}
