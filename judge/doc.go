// Package judge is the one place KernelCraft decides a verdict and a
// speedup (DESIGN.md §2). Given a kernel and a cell (target, task,
// configuration) it generates the visible case and the hidden case,
// assembles the kernel, simulates it on both as kc-sim --case does, checks
// the outputs as kc-ref check does, and measures the kernel and the cell's
// baseline on the hidden case.
//
// The rules that keep the judgement honest:
//
//   - The hidden case's seed is drawn from a cryptographic source at
//     judging time (FreshSeed), never shown to the kernel's author and
//     never written anywhere before the verdict; the verdict records it,
//     so the same judgement can be reproduced exactly (Seeds).
//   - Cycles and the speedup are measured on the hidden case, the kernel
//     and the baseline on the same one: a kernel that recognises the
//     visible inputs gains nothing there. When the kernel's cycles on the
//     two cases differ by more than DataDependentMargin, the verdict says
//     so (Cell.DataDependentCycles).
//   - A kernel passes only if both cases pass.
//
// Both cases run one executable on tensors at the same addresses, so the
// hidden run replays a sim.RunMemo its visible run recorded (EvalAll,
// Cases.Eval), and a baseline re-run on fresh hidden cases replays the
// memo of its first run (a small process-wide cache by executable and
// hardware config): the simulator checks every replayed step, so this
// changes host time, never a cycle or a verdict.
//
// kc-ref eval, the agent's tools and kc-agent bench all judge through
// this package; baseline/ only supplies the baseline kernels.
package judge
