# Equivalent of coralnpu tests/cocotb/rvv/vstart_store.S (f330094): 16
# bytes loaded (vle8, vl 16), vstart set to 4, then stored (vse8): the
# store skips elements 0-3. Coral's harness (core_mini_vstart_store)
# fills input_data with random bytes and output_data with zeros and
# requires output_data[0:4] zero and output_data[4:16] = input_data[4:16].
	.text
main:
	la t0, input_data
	la t1, output_data
	vsetivli zero, 16, e8, m1, ta, ma
	vle8.v v1, (t0)
	li t2, 4
	csrw vstart, t2
	vse8.v v1, (t1)
	wfi
	ret

	.data
	.align 4
	.globl input_data
input_data: .space 64
	.globl output_data
output_data: .space 64
