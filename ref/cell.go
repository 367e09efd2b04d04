package ref

import "fmt"

// Cell is one (target, task, configuration) of the benchmark: what a
// case, a baseline and a judgement are for. judge.Cell and the agent's
// bench cells embed it.
type Cell struct {
	Target string // coral, plena or aie2
	Task   string // task id, e.g. "softmax"
	Config int    // 1..NumConfigs
}

// String is "target task cN".
func (c Cell) String() string { return fmt.Sprintf("%s %s c%d", c.Target, c.Task, c.Config) }

// Check reports whether the cell exists: a known target, a task it
// supports, a configuration in 1..NumConfigs.
func (c Cell) Check() error {
	_, err := LookupConfig(c.Target, c.Task, c.Config)
	return err
}

// Cell is the case's cell.
func (c *Case) Cell() Cell { return Cell{Target: c.Target, Task: c.Task, Config: c.Config} }
