package rtlbench

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Header is the table's column line.
const Header = "class\tsew\tlmul\tmask\tvxrm\tlat\tchain4\tchain12\tchain\tindep4\tindep12\tindep"

// Row is one measured entry: the cycles from the acceptance of the first
// measured instruction to the last retire (or scalar write-back) of the
// single-instruction program (Lat) and of the 4- and 12-instruction chain
// and independent runs; -1 where the class has no such program.
type Row struct {
	Entry
	Lat, Chain4, Chain12, Indep4, Indep12 int64
}

// NewRow is an entry's row with nothing measured yet (every figure -1).
func NewRow(e Entry) *Row {
	return &Row{Entry: e, Lat: -1, Chain4: -1, Chain12: -1, Indep4: -1, Indep12: -1}
}

// Set records the end cycle of the entry's program of that name (a key
// of Class.Programs: lat, chain4, chain12, indep4 or indep12); other
// names are ignored.
func (r *Row) Set(program string, end int64) {
	switch program {
	case "lat":
		r.Lat = end
	case "chain4":
		r.Chain4 = end
	case "chain12":
		r.Chain12 = end
	case "indep4":
		r.Indep4 = end
	case "indep12":
		r.Indep12 = end
	}
}

// Interval is (long - short) / (Long - Short): the steady cycles per
// instruction of a run, or -1.
func Interval(short, long int64) float64 {
	if short < 0 || long < 0 {
		return -1
	}
	return float64(long-short) / float64(Long-Short)
}

// ChainInterval and IndepInterval are the row's steady intervals.
func (r *Row) ChainInterval() float64 { return Interval(r.Chain4, r.Chain12) }

// IndepInterval is the steady interval of independent instructions.
func (r *Row) IndepInterval() float64 { return Interval(r.Indep4, r.Indep12) }

func num(v int64) string {
	if v < 0 {
		return "-"
	}
	return strconv.FormatInt(v, 10)
}

func frac(v float64) string {
	if v < 0 {
		return "-"
	}
	return strconv.FormatFloat(v, 'f', 3, 64)
}

// Format is the row's table line.
func (r *Row) Format() string {
	m := "u"
	if r.Geom.Masked {
		m = "m"
	}
	return strings.Join([]string{r.Class, strconv.Itoa(r.Geom.SEW), LMULName(r.Geom.LMUL), m,
		strconv.Itoa(r.Geom.VXRM), num(r.Lat), num(r.Chain4), num(r.Chain12), frac(r.ChainInterval()),
		num(r.Indep4), num(r.Indep12), frac(r.IndepInterval())}, "\t")
}

// ReadTable parses a table written by scripts/coral-rtl/rtltable, and
// returns its rows and the coralnpu commit named in its header.
func ReadTable(r io.Reader) (rows []Row, commit string, err error) {
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		t := sc.Text()
		if c, ok := strings.CutPrefix(t, "# coralnpu@"); ok {
			commit = strings.TrimSpace(c)
			continue
		}
		if t == "" || strings.HasPrefix(t, "#") || t == Header {
			continue
		}
		f := strings.Split(t, "\t")
		if len(f) != 12 {
			return nil, "", fmt.Errorf("line %d: %d fields", line, len(f))
		}
		var ints [9]int64
		for i, s := range []string{f[1], f[2], f[4], f[5], f[6], f[7], f[9], f[10]} {
			if i == 1 {
				l, err := ParseLMUL(s)
				if err != nil {
					return nil, "", fmt.Errorf("line %d: lmul %q", line, s)
				}
				ints[i] = int64(l)
				continue
			}
			if s == "-" {
				ints[i] = -1
				continue
			}
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return nil, "", fmt.Errorf("line %d: %v", line, err)
			}
			ints[i] = v
		}
		if f[3] != "u" && f[3] != "m" {
			return nil, "", fmt.Errorf("line %d: mask %q", line, f[3])
		}
		row := Row{Entry: Entry{Class: f[0], Geom: Geom{SEW: int(ints[0]), LMUL: int(ints[1]), Masked: f[3] == "m", VXRM: int(ints[2])}},
			Lat: ints[3], Chain4: ints[4], Chain12: ints[5], Indep4: ints[6], Indep12: ints[7]}
		if row.Format() != t {
			return nil, "", fmt.Errorf("line %d: does not round-trip (intervals disagree with the runs?)", line)
		}
		rows = append(rows, row)
	}
	return rows, commit, sc.Err()
}
