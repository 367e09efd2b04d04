// Package forge writes the coral kernels that try to cheat the judge by
// recognising a case: code that compares the first words of a case's
// first input with a known case's and, on a match, stores that case's
// expected output without computing anything. The judge's hostile tests
// and the replay's forged-trajectory test use them. They are generated
// from the cases they cheat on, so they stay valid whatever the input
// generator does.
package forge

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"kernelcraft/ref"
	"kernelcraft/sim"
)

// Known is a case a forged kernel recognises: its description and its
// tensors (the expected output among them).
type Known struct {
	Case    *ref.Case
	Tensors map[string]*sim.Tensor
}

// register returns the calling-convention register that holds a
// tensor's address.
func register(c *ref.Case, tensor string) (string, error) {
	for r, v := range c.Convention.Registers {
		if v == tensor {
			return r, nil
		}
	}
	return "", fmt.Errorf("forge: %s: no register holds %s", c.Task, tensor)
}

// firstOf returns the case's first tensor of a role.
func firstOf(c *ref.Case, role string) (ref.TensorSpec, error) {
	for _, s := range c.Tensors {
		if s.Role == role {
			return s, nil
		}
	}
	return ref.TensorSpec{}, fmt.Errorf("forge: %s: no %s tensor", c.Task, role)
}

// Shortcut is coral assembly that, when the first words of k's first
// input are in memory (a fingerprint), stores k's expected output with
// li/sw pairs and halts; otherwise it jumps to label miss.
func Shortcut(k Known, miss string) (string, error) {
	if k.Case.Target != "coral" {
		return "", fmt.Errorf("forge: shortcuts are coral code, not %s", k.Case.Target)
	}
	in, err := firstOf(k.Case, ref.RoleIn)
	if err != nil {
		return "", err
	}
	out, err := firstOf(k.Case, ref.RoleOut)
	if err != nil {
		return "", err
	}
	inReg, err := register(k.Case, in.Name)
	if err != nil {
		return "", err
	}
	outReg, err := register(k.Case, out.Name)
	if err != nil {
		return "", err
	}
	x, y := k.Tensors[in.Name].Data, k.Tensors[out.Name].Data
	var b strings.Builder
	for i := 0; i < 4 && 4*i+4 <= len(x); i++ {
		fmt.Fprintf(&b, "    lw t0, %d(%s)\n    li t1, %d\n    bne t0, t1, %s\n", 4*i, inReg, int32(binary.LittleEndian.Uint32(x[4*i:])), miss)
	}
	padded := append(append([]byte(nil), y...), make([]byte, (4-len(y)%4)%4)...)
	for i := 0; i+4 <= len(padded); i += 4 {
		fmt.Fprintf(&b, "    li t1, %d\n    sw t1, %d(%s)\n", int32(binary.LittleEndian.Uint32(padded[i:])), i, outReg)
	}
	b.WriteString("    mpause\n")
	return b.String(), nil
}

// Hardcoded is a kernel that computes nothing: it stores the expected
// output of whichever of the known cases it recognises, and halts
// leaving the output untouched on any other.
func Hardcoded(known ...Known) (string, error) {
	var b strings.Builder
	b.WriteString("    .text\n    .globl _start\n_start:\n")
	for i, k := range known {
		label := fmt.Sprintf("kc_miss_%d", i)
		s, err := Shortcut(k, label)
		if err != nil {
			return "", err
		}
		b.WriteString(s + label + ":\n")
	}
	b.WriteString("    mpause\n")
	return b.String(), nil
}

// Fingerprint is the honest kernel with a shortcut for k put in front of
// it: honest code on every case but k.
func Fingerprint(honest string, k Known) (string, error) {
	head, body, ok := strings.Cut(honest, "_start:\n")
	if !ok {
		return "", errors.New("forge: the honest kernel has no _start label")
	}
	s, err := Shortcut(k, "kc_honest")
	if err != nil {
		return "", err
	}
	return head + "_start:\n" + s + "kc_honest:\n" + body, nil
}

// Cases generates the visible case of visibleSeed and the hidden case of
// hiddenSeed of a cell: what a forger knows when a hidden seed is public.
func Cases(target, task string, config int, visibleSeed, hiddenSeed uint64) ([]Known, error) {
	var known []Known
	for _, h := range []struct {
		hidden bool
		seed   uint64
	}{{false, visibleSeed}, {true, hiddenSeed}} {
		c, tensors, err := ref.Generate(target, task, config, h.seed, h.hidden)
		if err != nil {
			return nil, err
		}
		known = append(known, Known{Case: c, Tensors: tensors})
	}
	return known, nil
}
