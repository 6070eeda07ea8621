import fc from "fast-check";

// Under mutation a failing property only has to fail: shrinking its counterexample would rerun it many times.
fc.configureGlobal({ endOnFailure: true });
