package report

import (
	"fmt"
	"strings"

	"kernelcraft/judge"
)

// pageStyle is the HTML page's style sheet (inline: the page needs no
// other file).
const pageStyle = `body{font-family:"DejaVu Sans",Arial,Helvetica,sans-serif;font-size:13px;margin:16px;color:#222;background:#fff}
h1{font-size:20px}h2{font-size:16px;margin-top:28px}
table{border-collapse:collapse;margin:10px 0 20px}
th,td{border:1px solid #ccc;padding:2px 7px;text-align:center}
th{background:#f2f2f2}td.l{text-align:left}td.r{text-align:right}
tr.h td{background:#f7f7f7;font-weight:bold;text-align:left}tr.b td{font-weight:bold}
figure{margin:0}svg{display:block;max-width:100%;height:auto}`

// sectionNames are the page's section headings, by figure id.
var sectionNames = map[string]string{"success": "Success", "speedup": "Speedup over the baseline", "effort": "Effort"}

// writeHTML writes a self-contained page: each selected table's chart
// (inline SVG) above the table. With links (a site's index page, see
// WriteSite), the success table's cells link to their attempts' pages.
func (r *Report) writeHTML(w *strings.Builder, tables string, links attemptLinks) {
	w.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	if links != nil {
		w.WriteString(cspMeta)
	}
	w.WriteString("<title>KernelCraft benchmark results</title>\n<style>\n")
	w.WriteString(pageStyle)
	if links != nil {
		w.WriteString("\n" + linkStyle)
	}
	w.WriteString("\n</style>\n</head>\n<body>\n<h1>KernelCraft benchmark results</h1>\n")
	var cols []string
	for _, c := range r.Columns {
		cols = append(cols, esc(c.String()))
	}
	fmt.Fprintf(w, "<p>%d records; columns (target / model): %s.</p>\n", r.Records, strings.Join(cols, ", "))
	for _, fig := range r.figures(tables) {
		fmt.Fprintf(w, "<section id=\"%s\">\n<h2>%s</h2>\n<figure>\n", fig.id, esc(sectionNames[fig.id]))
		w.WriteString(figureSVG(fig))
		w.WriteString("</figure>\n")
		switch fig.id {
		case "success":
			w.WriteString("<p>passed/configurations run; -- not supported, " + notRun + " not run.")
			if links != nil {
				w.WriteString(" Under each count, one link per attempt (its configuration; green passed, red failed) to the attempt's page: the task the model saw, every turn, the kernels and their diffs, the tools' results and the verdict.")
			}
			w.WriteString("</p>\n")
			r.htmlTable(w, r.successRows(false), links)
		case "speedup":
			w.WriteString("<p>geomean (best) of baseline cycles / kernel cycles over the successful configurations; -- not supported, " + notRun + " not run, none: no success.</p>\n")
			r.htmlTable(w, r.speedupRows(false), nil)
		case "effort":
			r.htmlEffort(w)
		}
		w.WriteString("</section>\n")
	}
	w.WriteString("</body>\n</html>\n")
}

// htmlTable writes a task table (success or speedup) as HTML; with
// links, a task's cells link to its attempts.
func (r *Report) htmlTable(w *strings.Builder, rows []row, links attemptLinks) {
	w.WriteString("<table>\n<tr><th>ID</th><th>Task</th>")
	for _, c := range r.Columns {
		fmt.Fprintf(w, "<th>%s<br>%s</th>", esc(c.Target), esc(c.Model))
	}
	w.WriteString("</tr>\n")
	for _, rw := range rows {
		switch {
		case rw.heading:
			fmt.Fprintf(w, "<tr class=\"h\"><td colspan=\"%d\">%s</td></tr>\n", 2+len(r.Columns), esc(rw.name))
			continue
		case rw.bold:
			w.WriteString(`<tr class="b">`)
		default:
			w.WriteString("<tr>")
		}
		fmt.Fprintf(w, `<td class="r">%s</td><td class="l">%s</td>`, esc(rw.id), esc(rw.name))
		for i, c := range rw.cells {
			fmt.Fprintf(w, "<td>%s", esc(c))
			if rw.taskID != "" && i < len(r.Columns) {
				links.write(w, rw.taskID, r.Columns[i])
			}
			w.WriteString("</td>")
		}
		w.WriteString("</tr>\n")
	}
	w.WriteString("</table>\n")
}

// htmlEffort writes the effort table and the data-dependent kernels.
func (r *Report) htmlEffort(w *strings.Builder) {
	head, rows := r.effortTable()
	w.WriteString("<table>\n<tr>")
	for _, h := range head {
		fmt.Fprintf(w, "<th>%s</th>", esc(h))
	}
	w.WriteString("</tr>\n")
	for _, rw := range rows {
		w.WriteString("<tr>")
		for i, c := range rw {
			class := "r"
			if i < 2 {
				class = "l"
			}
			fmt.Fprintf(w, `<td class="%s">%s</td>`, class, esc(c))
		}
		w.WriteString("</tr>\n")
	}
	w.WriteString("</table>\n")
	if len(r.dataDependent) > 0 {
		fmt.Fprintf(w, "<p>Data-dependent cycles (successful kernels whose cycles on the visible and hidden cases differ by more than %g%%; their speedups are the hidden case's):</p>\n<ul>\n", 100*judge.DataDependentMargin)
		for _, d := range r.dataDependent {
			fmt.Fprintf(w, "<li>%s</li>\n", esc(d))
		}
		w.WriteString("</ul>\n")
	}
}
