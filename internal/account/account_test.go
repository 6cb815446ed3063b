package account

import "testing"

func TestRoleValid(t *testing.T) {
	tests := []struct {
		role Role
		want bool
	}{
		{RoleMember, true}, {RoleStaff, true}, {RoleAdmin, true}, {"", false}, {"Staff", false}, {"root", false},
	}
	for _, tt := range tests {
		if got := tt.role.Valid(); got != tt.want {
			t.Errorf("Role(%q).Valid() = %v, want %v", tt.role, got, tt.want)
		}
	}
}

func TestIsStaff(t *testing.T) {
	for role, want := range map[Role]bool{RoleMember: false, RoleStaff: true, RoleAdmin: true, "": false} {
		if got := role.IsStaff(); got != want {
			t.Errorf("Role(%q).IsStaff() = %v, want %v", role, got, want)
		}
	}
}

func TestValidDevice(t *testing.T) {
	tests := []struct {
		device string
		want   bool
	}{
		{"", true}, {"iphone", true}, {"android", true}, {"iPhone", false}, {"nokia", false},
	}
	for _, tt := range tests {
		if got := ValidDevice(tt.device); got != tt.want {
			t.Errorf("ValidDevice(%q) = %v, want %v", tt.device, got, tt.want)
		}
	}
}

func TestHashSessionID(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
	}
	for _, tt := range tests {
		if got := HashSessionID(tt.raw); got != tt.want {
			t.Errorf("HashSessionID(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}
