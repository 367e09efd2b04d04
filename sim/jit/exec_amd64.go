//go:build linux && amd64 && !purego

package jit

import (
	"fmt"
	"sync"
	"syscall"
	"unsafe"
)

var avail struct {
	once sync.Once
	err  error
}

// Available reports whether generated code can run here: nil, or why
// not (the host refuses executable mappings).
func Available() error {
	avail.once.Do(func() {
		c, err := NewCode([]byte{0xc3})
		if err != nil {
			avail.err = fmt.Errorf("executable memory refused: %w", err)
			return
		}
		c.Free()
	})
	return avail.err
}

// Code is machine code in an executable mapping of its own.
type Code struct {
	mem []byte
}

// NewCode maps len(b) bytes (rounded up to pages) writable, copies b
// there, and makes the mapping read-and-execute; it is never writable
// again.
func NewCode(b []byte) (*Code, error) {
	n := (len(b) + pageSize - 1) &^ (pageSize - 1)
	if n == 0 {
		n = pageSize
	}
	mem, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, err
	}
	copy(mem, b)
	for i := len(b); i < n; i++ {
		mem[i] = 0xcc // int3
	}
	if err := syscall.Mprotect(mem, syscall.PROT_READ|syscall.PROT_EXEC); err != nil {
		syscall.Munmap(mem)
		return nil, err
	}
	return &Code{mem: mem}, nil
}

// Addr is the address of the code's first byte.
func (c *Code) Addr() uintptr { return uintptr(unsafe.Pointer(&c.mem[0])) }

// Free unmaps the code. No call may be running in it.
func (c *Code) Free() {
	if c.mem != nil {
		syscall.Munmap(c.mem)
		c.mem = nil
	}
}

// Data is zeroed read-write memory outside the Go heap (never
// executable), for tables generated code reads and writes.
type Data struct {
	mem []byte
}

// NewData maps n bytes (rounded up to pages) read-write.
func NewData(n int) (*Data, error) {
	n = (n + pageSize - 1) &^ (pageSize - 1)
	mem, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, err
	}
	return &Data{mem: mem}, nil
}

// Bytes is the memory.
func (d *Data) Bytes() []byte { return d.mem }

// Addr is the address of the first byte.
func (d *Data) Addr() uintptr { return uintptr(unsafe.Pointer(&d.mem[0])) }

// Free unmaps the memory. No call may be using it.
func (d *Data) Free() {
	if d.mem != nil {
		syscall.Munmap(d.mem)
		d.mem = nil
	}
}

var pageSize = syscall.Getpagesize()

// Call enters generated code at entry with the context ctx (which starts
// with a Header) and returns the code's exit word (AX). ctx must be Go
// heap memory (or Data) that the caller keeps alive.
func Call(entry uintptr, ctx unsafe.Pointer) uint64 {
	return call(entry, ctx)
}

//go:noescape
func call(entry uintptr, ctx unsafe.Pointer) uint64
