package ref

import "math"

// The element-wise definitions that the reference's row-by-row paths must
// equal bit for bit (TestMatmulRowsMatchSum, TestAttentionRowsMatchSum).

// matmulBySum is matmul's rounded path written with g.sum, element by
// element (the definition the row-wise path must equal; tests only).
func (g *gt) matmulBySum(a, b []float64, m, k, n int, bias []float64) *Array {
	c := NewArray(m, n)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			acc := g.sum(0, k, func(l int) float64 { return g.a(float64(a[i*k+l] * b[l*n+j])) })
			if bias != nil {
				acc = g.r(g.a(acc + bias[j]))
			}
			c.Data[i*n+j] = g.r(acc)
		}
	}
	return c
}

// attentionBySum is attention written with g.sum, element by element
// (the definition attention must equal; tests only).
func (g *gt) attentionBySum(q, k, v []float64, s, skv, d int, bias []float64) *Array {
	p := g.p
	o := NewArray(s, d)
	row := make([]float64, skv)
	for i := 0; i < s; i++ {
		for j := 0; j < skv; j++ {
			if p.Causal && j > i+p.MaskShift {
				row[j] = math.Inf(-1)
				continue
			}
			acc := g.sum(0, d, func(l int) float64 { return g.a(float64(q[i*d+l] * k[j*d+l])) })
			acc = g.r(acc * p.Scale)
			if bias != nil && !p.NoPosBias {
				acc = g.r(acc + bias[i*skv+j])
			}
			row[j] = acc
		}
		g.softmaxRow(row)
		for l := 0; l < d; l++ {
			acc := g.sum(0, skv, func(j int) float64 { return g.a(float64(row[j] * v[j*d+l])) })
			o.Data[i*d+l] = g.r(acc)
		}
	}
	return o
}
