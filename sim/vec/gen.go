package vec

//go:generate go run ./internal/asmgen -out kern_amd64.s -pkg vec -stubs kern_amd64.go -table ktab_amd64.go -pcs kpc_amd64.s
//go:generate go run ./internal/bfgen -out bf_amd64.s -pkg vec -stubs bf_amd64.go
//go:generate go run ./internal/aiegen -out aie_amd64.s -pkg vec -stubs aie_amd64.go
