package main

import "testing"

func TestReplicaMaxProcs(t *testing.T) {
	for _, c := range []struct{ cores, replicas, want int }{
		{2, 3, 1}, // the bench's machine: fewer cores than replicas, one each
		{8, 3, 2}, // rounded down, so the replicas never ask for more than the machine has
		{4, 2, 2},
		{1, 1, 1},
		{16, 1, 16},
	} {
		if got := replicaMaxProcs(c.cores, c.replicas); got != c.want {
			t.Errorf("replicaMaxProcs(%d cores, %d replicas) = %d, want %d", c.cores, c.replicas, got, c.want)
		}
	}
}
