package survey

// Answer is one item of an answer record, as the app sends it: a key (an option of the question,
// or a field of a form step such as firstName) and its value.
type Answer struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// QuestionAnswers is the answer record of one question, named by the question's slug.
type QuestionAnswers struct {
	QuestionSlug string   `json:"questionSlug"`
	Answers      []Answer `json:"answers"`
}
