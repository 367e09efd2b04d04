//go:build !linux || !amd64 || purego

package jit

import (
	"errors"
	"runtime"
	"unsafe"
)

// Available reports why generated code cannot run on this host.
func Available() error {
	if runtime.GOARCH != "amd64" || runtime.GOOS != "linux" {
		return errors.New("translation needs a linux/amd64 host (this is " + runtime.GOOS + "/" + runtime.GOARCH + ")")
	}
	return errors.New("translation is not built with -tags purego")
}

// Code is not available on this host.
type Code struct{}

// NewCode fails: no executable memory here.
func NewCode(b []byte) (*Code, error) { return nil, Available() }

// Addr is 0.
func (c *Code) Addr() uintptr { return 0 }

// Free does nothing.
func (c *Code) Free() {}

// Data is not available on this host.
type Data struct{}

// NewData fails: nothing can use it here.
func NewData(n int) (*Data, error) { return nil, Available() }

// Bytes is nil.
func (d *Data) Bytes() []byte { return nil }

// Addr is 0.
func (d *Data) Addr() uintptr { return 0 }

// Free does nothing.
func (d *Data) Free() {}

// Call panics: no generated code can run here.
func Call(entry uintptr, ctx unsafe.Pointer) uint64 {
	panic("jit: " + Available().Error())
}
