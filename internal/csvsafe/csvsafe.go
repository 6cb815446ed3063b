// Package csvsafe writes CSV files that staff open in a spreadsheet without running anything in
// them. A spreadsheet reads a cell that starts with =, +, - or @ as a formula, and some read one
// that starts with a tab or a carriage return the same way after trimming it; a formula can fetch
// a web address with the sheet's data in it, or start a program ("CSV injection"). Cell puts a
// single quote in front of such a value, which spreadsheets show as text and hide, and Writer
// does that to every cell it writes. Quoting and escaping are encoding/csv's.
package csvsafe

import (
	"encoding/csv"
	"io"
)

// Cell returns s as a spreadsheet will show it as text: with a leading ' when it starts with one
// of the characters that begin a formula (=, +, -, @, tab, carriage return), and as it is
// otherwise. A value that is a plain negative number ("-3") is guarded too: a file meant for
// people keeps its numbers as text rather than guess which dashes are safe.
func Cell(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// Writer is a csv.Writer whose every cell passes through Cell.
type Writer struct {
	w      *csv.Writer
	record []string
}

// NewWriter returns a Writer that writes to w, with encoding/csv's defaults (a comma between
// cells, \n after each record).
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: csv.NewWriter(w)}
}

// Write writes one record, each cell guarded by Cell. The record itself is left as it was.
func (w *Writer) Write(record []string) error {
	w.record = w.record[:0]
	for _, cell := range record {
		w.record = append(w.record, Cell(cell))
	}
	return w.w.Write(w.record)
}

// Flush writes any buffered data to the underlying writer; Error reports whether that, or an
// earlier Write, failed.
func (w *Writer) Flush() { w.w.Flush() }

// Error reports any error from an earlier Write or Flush.
func (w *Writer) Error() error { return w.w.Error() }
