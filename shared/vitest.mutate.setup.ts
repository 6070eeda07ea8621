import fc from "fast-check";

// Under mutation a failing property only has to fail: shrinking its counterexample would rerun it many times.
// chosen: one seed for every run, so that a property draws the same cases for every mutant and a mutant's
// status is the same from run to run (with a random seed, a few mutants a rare case catches came out
// killed in one run and survived in the next)
fc.configureGlobal({ endOnFailure: true, seed: 20261128 });
