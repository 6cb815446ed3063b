package account

import "testing"

func TestOriginOf(t *testing.T) {
	tests := []struct {
		cookie, want string
	}{
		{"direct", "direct"},
		{"https%3A%2F%2Fsearch.example%2Fresults%3Fq%3Dadhd%20coaching", "search.example"},
		{"https%3A%2F%2FWWW.Friend.Example.%3A8443%2Fpost%2F12", "www.friend.example"},
		{"http%3A%2F%2Fblog.example%2F", "blog.example"},
		{"", ""},
		{"javascript%3Aalert(1)", ""},
		{"ftp%3A%2F%2Ffiles.example%2F", ""},
		{"%ZZ", ""},
		{"https%3A%2F%2Fbad%00host.example%2F", ""},
		{"not a url", ""},
	}
	for _, tt := range tests {
		if got := OriginOf(tt.cookie); got != tt.want {
			t.Errorf("OriginOf(%q) = %q, want %q", tt.cookie, got, tt.want)
		}
	}
}
