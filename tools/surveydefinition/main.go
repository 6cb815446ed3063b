// Command surveydefinition prints the survey's definition as GET /api/onboarding/definition serves
// it: the steps with their words, in the default language. The web app's build renders each
// step's first frame from it (web/scripts/first-frame.mjs), so the frames say what the server
// serves, from the one source.
//
//	go run ./tools/surveydefinition > definition.json
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"wayfinder/internal/survey"
)

func main() {
	def, err := survey.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, "surveydefinition:", err)
		os.Exit(1)
	}
	// The same encoding as the server's (definitionDocument in internal/httpapi), byte for byte, so
	// the server can tell whether a build's frames were rendered from the definition it serves.
	body, err := json.Marshal(def)
	if err != nil {
		fmt.Fprintln(os.Stderr, "surveydefinition:", err)
		os.Exit(1)
	}
	_, _ = os.Stdout.Write(body)
}
