package main

import (
	"context"
	"fmt"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"time"

	"wayfinder/internal/haproxytest"
)

// The multi-replica budgets (the operations issue): through HAProxy, several replicas on one
// PostgreSQL save at least this share of one replica's rate, measured in the same run, and no
// slower at the 99th percentile than this.
const (
	budgetReplicaRatio = 0.8
	budgetReplicaP99   = 30 * time.Millisecond
)

// balancedLoad starts that many replicas on first's PostgreSQL database, puts HAProxy in front of
// them, and compares the same members' saves through it with saves sent to first alone. The
// replicas share the machine's cores as docs/deploying.md advises (replicaMaxProcs), and first, a
// replica with the machine to itself, keeps the default. The two alternate in short rounds and the
// ratio is the median of each round's pair, so a database or disk that drifts over seconds weighs
// on both sides alike. The machine's cores are shared by every replica, the balancer, the database
// and this program, so the ratio shows the cost of spreading the same work over processes and a
// balancer, not a gain from more hardware.
func balancedLoad(ctx context.Context, binary, dsn string, first *server, members []string, d time.Duration, replicas int) error {
	procs := replicaMaxProcs(runtime.NumCPU(), replicas)
	var servers []*server
	defer func() {
		for _, s := range servers {
			s.stop()
		}
	}()
	for len(servers) < replicas {
		s, err := start(ctx, binary, dsn, []string{"GOMAXPROCS=" + strconv.Itoa(procs)})
		if err != nil {
			return fmt.Errorf("starting replica %d: %w", len(servers)+1, err)
		}
		servers = append(servers, s)
	}
	var addrs []string
	for _, s := range servers {
		u, err := url.Parse(s.url)
		if err != nil {
			return err
		}
		addrs = append(addrs, u.Host)
	}
	lbURL, _, stopLB, err := haproxytest.Run("", addrs)
	if err != nil {
		return err
	}
	defer stopLB()
	// The sessions are in the database, so the members' cookies work on every replica. The memory
	// sampled during the load is one replica's; it is not reported here.
	lb := &server{url: lbURL, cmd: servers[0].cmd, done: servers[0].done}
	if _, err := load(ctx, lb, members, time.Second); err != nil {
		return err
	}
	const rounds = 5
	round := 2 * time.Second
	var ratios, p99s []float64
	var balanced, single float64
	for range rounds {
		one, err := load(ctx, first, members, round)
		if err != nil {
			return err
		}
		many, err := load(ctx, lb, members, round)
		if err != nil {
			return err
		}
		ratios = append(ratios, many.rate/one.rate)
		p99s = append(p99s, ms(many.p99))
		balanced += many.rate / rounds
		single += one.rate / rounds
	}
	ratio, p99 := median(ratios), median(p99s)
	fmt.Printf("  PUT survey on PostgreSQL through HAProxy, %d replicas round-robin (GOMAXPROCS=%d each, as docs/deploying.md advises),\n", replicas, procs)
	fmt.Printf("  against one replica alone with the machine's %d cores, the same %d members,\n", runtime.NumCPU(), len(members))
	fmt.Printf("  in %d alternating rounds of %s each:\n", rounds, round)
	fmt.Printf("    saves                 %.0f/s through HAProxy, %.0f/s to one replica; median ratio of the rounds %.3f (budget ≥ %.1f) %s\n",
		balanced, single, ratio, budgetReplicaRatio, verdict(ratio >= budgetReplicaRatio))
	fmt.Printf("    latency               p99 through HAProxy, median of the rounds %.1f ms, worst %.1f ms (budget p99 ≤ %.0f ms) %s\n",
		p99, slices.Max(p99s), ms(budgetReplicaP99), verdict(p99 <= ms(budgetReplicaP99)))
	return nil
}

// replicaMaxProcs is each replica's GOMAXPROCS when replicas share cores, as docs/deploying.md
// advises: the cores divided among them, rounded down, at least 1.
func replicaMaxProcs(cores, replicas int) int {
	return max(1, cores/replicas)
}

// median returns the middle value of xs (the mean of the two middle ones for an even count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}
