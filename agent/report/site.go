package report

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"kernelcraft/agent"
)

// A browsable report (WriteSite) is a folder of static pages:
//
//	SITE/index.html              the HTML report (tables and charts), its
//	                             success cells linking to the attempts
//	SITE/attempts/NAME.html      one page per attempt (attempt.go, page.go)
//
// NAME is the attempt's trajectory file name without .jsonl, reduced to
// letters, digits, '.', '_' and '-'. The pages hold no script and load
// nothing (styles and charts are inline; a Content-Security-Policy says
// so to the browser too), and every text from a results file or a
// trajectory is escaped, so a model's words cannot become markup.

// Site file names.
const (
	SiteIndex   = "index.html"
	AttemptsDir = "attempts"
)

// cspMeta forbids a site's pages everything but their inline styles and
// inline images: no script runs and nothing is fetched, whatever the
// page holds.
const cspMeta = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` + "\n"

// linkStyle styles the attempt links of the index's success table.
const linkStyle = `span.at{display:block;font-size:11px;line-height:15px;white-space:normal}
span.at a{display:inline-block;min-width:12px;padding:0 2px;margin:1px;border-radius:3px;text-decoration:none;color:#fff}
a.ok{background:#007a5a}a.no{background:#c0392b}`

// attemptLink is one attempt's link in a success cell.
type attemptLink struct {
	href, label, title string
	pass               bool
	config             int
	seed               uint64
}

// attemptLinks are the attempt links of the success table, by task and
// column (nil: a page without links).
type attemptLinks map[string]map[Column][]attemptLink

// write writes the links of a cell, if any.
func (l attemptLinks) write(w *strings.Builder, task string, c Column) {
	links := l[task][c]
	if len(links) == 0 {
		return
	}
	w.WriteString(`<span class="at">`)
	for i, a := range links {
		if i > 0 {
			w.WriteString(" ")
		}
		class := "no"
		if a.pass {
			class = "ok"
		}
		fmt.Fprintf(w, `<a class="%s" href="%s" title="%s">%s</a>`, class, esc(a.href), esc(a.title), esc(a.label))
	}
	w.WriteString("</span>")
}

// Site is what WriteSite wrote.
type Site struct {
	Index string // the index page's path
	Pages int    // attempt pages
	// NoTrajectory counts the pages whose trajectory was missing or
	// unreadable (they show the record only).
	NoTrajectory int
}

// WriteSite writes the browsable report into dir (made if needed):
// index.html, the HTML report of the table selection with its success
// cells linking to the attempts, and attempts/NAME.html, one page per
// attempt counted by the report. The success table must be selected
// (it holds the links). Pages of an earlier report in dir that this one
// does not write are left as they are.
func (r *Report) WriteSite(dir, tables string) (*Site, error) {
	if !slices.Contains(Tables, tables) {
		return nil, fmt.Errorf("unknown table %q (tables: %s)", tables, strings.Join(Tables, ", "))
	}
	if tables != "all" && tables != "success" {
		return nil, fmt.Errorf("a site's index links the attempts from the success table: select all or success, not %q", tables)
	}
	if len(r.Columns) == 0 {
		return nil, errors.New("no records to report")
	}
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return nil, fmt.Errorf("%s is a file: a site is a folder (index.html and attempts/)", dir)
	}
	if err := os.MkdirAll(filepath.Join(dir, AttemptsDir), 0o755); err != nil {
		return nil, err
	}
	site := &Site{Index: filepath.Join(dir, SiteIndex)}
	links := attemptLinks{}
	used := map[string]bool{}
	for _, rec := range r.attempts {
		name := uniquePageName(rec, used)
		file := agent.TrajectoryFileName(rec.Model, rec.Target, rec.Task, rec.Config, rec.Seed)
		var v *attemptView
		if tdir, ok := r.trajDirs[rec]; ok {
			v = readAttempt(rec, filepath.Join(tdir, file), file)
		} else {
			v = &attemptView{rec: rec, file: file, missing: "the report was built without its results folder, so no trajectory was read"}
		}
		if v.missing != "" {
			site.NoTrajectory++
		}
		if err := os.WriteFile(filepath.Join(dir, AttemptsDir, name), []byte(v.page()), 0o644); err != nil {
			return site, err
		}
		site.Pages++
		col := Column{rec.Target, rec.Model}
		if links[rec.Task] == nil {
			links[rec.Task] = map[Column][]attemptLink{}
		}
		verdict := "failed"
		if rec.Success {
			verdict = "passed"
		}
		links[rec.Task][col] = append(links[rec.Task][col], attemptLink{
			href:  AttemptsDir + "/" + name,
			title: fmt.Sprintf("configuration %d, seed %d: %s (%s, %d iterations)", rec.Config, rec.Seed, verdict, capShort(rec.StopReason, 100), rec.Iterations),
			pass:  rec.Success, config: rec.Config, seed: rec.Seed,
		})
	}
	for _, byCol := range links {
		for c, ls := range byCol {
			slices.SortFunc(ls, func(a, b attemptLink) int {
				if a.config != b.config {
					return a.config - b.config
				}
				return cmpUint(a.seed, b.seed)
			})
			// A configuration's number labels its link; with several
			// seeds of it in the cell, the seed too.
			for i := range ls {
				ls[i].label = fmt.Sprint(ls[i].config)
				if (i > 0 && ls[i-1].config == ls[i].config) || (i+1 < len(ls) && ls[i+1].config == ls[i].config) {
					ls[i].label += fmt.Sprintf("/s%d", ls[i].seed)
				}
			}
			byCol[c] = ls
		}
	}
	var b strings.Builder
	r.writeHTML(&b, tables, links)
	if err := os.WriteFile(site.Index, []byte(b.String()), 0o644); err != nil {
		return site, err
	}
	return site, nil
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// maxPageName bounds a page's file name (file systems allow 255 bytes).
const maxPageName = 160

// pageName is an attempt's page file name: its trajectory's name with
// .html for .jsonl, every byte but letters, digits, '.', '_' and '-'
// replaced by '_', not starting with '.', at most maxPageName bytes.
func pageName(rec agent.Record) string {
	base := strings.TrimSuffix(agent.TrajectoryFileName(rec.Model, rec.Target, rec.Task, rec.Config, rec.Seed), ".jsonl")
	b := []byte(base)
	for i, c := range b {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-'
		if !ok || (i == 0 && c == '.') {
			b[i] = '_'
		}
	}
	if len(b) > maxPageName-len(".html")-8 {
		// Keep the end: it names the cell.
		b = append([]byte("_"), b[len(b)-(maxPageName-len(".html")-9):]...)
	}
	return string(b)
}

// uniquePageName is pageName made distinct from the names in used (two
// models can reduce to one name), then added to used.
func uniquePageName(rec agent.Record, used map[string]bool) string {
	base := pageName(rec)
	name := base + ".html"
	for k := 2; used[name]; k++ {
		name = fmt.Sprintf("%s-%d.html", base, k)
	}
	used[name] = true
	return name
}
