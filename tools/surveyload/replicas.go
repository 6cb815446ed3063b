package main

import (
	"context"
	"fmt"
	"net/url"
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

// balancedLoad adds replicas to first, on the same PostgreSQL database, puts HAProxy in front of all
// of them, and sends the same members' saves through it for d. single is first's own result from
// this run, the rate to compare with. The machine's cores are shared by every replica, the
// balancer, the database and this program, so the ratio shows the cost of spreading the same work
// over processes and a balancer, not a gain from more hardware.
func balancedLoad(ctx context.Context, binary, dsn string, first *server, members []string, d time.Duration, replicas int, single result) error {
	servers := []*server{first}
	defer func() {
		for _, s := range servers[1:] {
			s.stop()
		}
	}()
	for len(servers) < replicas {
		s, err := start(ctx, binary, dsn)
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
	// sampled during the load is the first replica's; it is not reported here.
	lb := &server{url: lbURL, cmd: first.cmd, done: first.done}
	if _, err := load(ctx, lb, members, time.Second); err != nil {
		return err
	}
	res, err := load(ctx, lb, members, d)
	if err != nil {
		return err
	}
	ratio := res.rate / single.rate
	fmt.Printf("  PUT survey on PostgreSQL through HAProxy, %d replicas round-robin, the same %d members for %s:\n", replicas, len(members), d)
	fmt.Printf("    saves                 %.0f/s, %d in all; ratio to one replica in this run %.2f (budget ≥ %.1f) %s\n",
		res.rate, res.n, ratio, budgetReplicaRatio, verdict(ratio >= budgetReplicaRatio))
	fmt.Printf("    latency               p50 %.1f ms, p99 %.1f ms, max %.1f ms (budget p99 ≤ %.0f ms) %s\n",
		ms(res.p50), ms(res.p99), ms(res.max), ms(budgetReplicaP99), verdict(res.p99 <= budgetReplicaP99))
	return nil
}
