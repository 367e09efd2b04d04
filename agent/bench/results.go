package bench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"syscall"

	"kernelcraft/agent"
	"kernelcraft/ref"
)

// RecordKey is the cell a record belongs to.
func RecordKey(r *agent.Record) Key {
	return Key{Model: r.Model, Cell: ref.Cell{Target: r.Target, Task: r.Task, Config: r.Config}, Seed: r.Seed}
}

// ResultsFiles lists the results files of a folder: every results*.jsonl
// in it, sorted by name.
func ResultsFiles(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "results*.jsonl"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	return files, nil
}

// ReadResults reads the records of paths: a folder contributes its
// results files (ResultsFiles), a file is read as it is. Lines that are
// not records are skipped with a warning: a torn last line (a run killed
// while writing it: that cell was not recorded and a resume re-runs it)
// and, should one appear, a malformed line inside a file. A path that
// does not exist is an error; a folder without results files gives none.
func ReadResults(paths ...string) (recs []agent.Record, warnings []string, err error) {
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, warnings, err
		}
		files := []string{p}
		if st.IsDir() {
			if files, err = ResultsFiles(p); err != nil {
				return nil, warnings, err
			}
		}
		for _, f := range files {
			r, w, err := ReadResultsFile(f)
			warnings = append(warnings, w...)
			if err != nil {
				return nil, warnings, err
			}
			recs = append(recs, r...)
		}
	}
	return recs, warnings, nil
}

// ReadResultsFile reads one JSONL results file (see ReadResults).
func ReadResultsFile(path string) (recs []agent.Record, warnings []string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	for n := 1; ; n++ {
		line, err := readLine(br, MaxRecordLine)
		if len(line) == 0 && err == io.EOF {
			return recs, warnings, nil
		}
		if errors.Is(err, errLongLine) {
			return nil, warnings, fmt.Errorf("%s:%d: a line longer than %d KiB: not a results file", path, n, MaxRecordLine>>10)
		}
		if err != nil && err != io.EOF {
			return nil, warnings, fmt.Errorf("%s: %v", path, err)
		}
		torn := !bytes.HasSuffix(line, []byte("\n"))
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		rec, perr := parseRecord(line)
		switch {
		case perr == nil:
			recs = append(recs, rec)
		case torn:
			warnings = append(warnings, fmt.Sprintf("%s:%d: ignoring a torn last line (%d bytes; a run was killed while writing it, so its cell is not recorded)", path, n, len(line)))
		default:
			warnings = append(warnings, fmt.Sprintf("%s:%d: not a record, ignored: %v", path, n, perr))
		}
		if err == io.EOF {
			return recs, warnings, nil
		}
	}
}

// MaxRecordLine bounds one line of a results file: a record is well under
// a kilobyte, so a longer line means the file is not one (a stray binary,
// /dev/zero) and reading stops there instead of filling memory.
const MaxRecordLine = 1 << 20

var errLongLine = errors.New("line too long")

// readLine reads up to and including the next newline, failing with
// errLongLine past max bytes.
func readLine(br *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > max {
			return nil, errLongLine
		}
		line = append(line, chunk...)
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

func parseRecord(line []byte) (agent.Record, error) {
	var r agent.Record
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&r); err != nil {
		return r, err
	}
	if dec.More() {
		return r, errors.New("more than one JSON value on the line")
	}
	if r.Model == "" || r.Target == "" || r.Task == "" || r.Config == 0 {
		return r, errors.New("a record needs model, target, task and config")
	}
	return r, nil
}

// Done reports whether a record finishes its cell for a resume: an
// interrupted attempt never does, and with retryErrors neither does one
// that stopped on a provider error.
func Done(r *agent.Record, retryErrors bool) bool {
	switch r.StopReason {
	case agent.StopInterrupted:
		return false
	case agent.StopProviderError:
		return !retryErrors
	}
	return true
}

// Dedupe keeps one record per cell (Key), whatever the order of the
// records: the best by, in turn, a finished attempt (then one stopped by
// a provider error, then an interrupted one), success, higher speedup,
// fewer iterations, and finally the smaller JSON encoding. It returns the kept records in the order of
// their cells' first appearance, and one warning per duplicated cell.
func Dedupe(recs []agent.Record) (kept []agent.Record, warnings []string) {
	idx := map[Key]int{}
	count := map[Key]int{}
	for _, r := range recs {
		k := RecordKey(&r)
		count[k]++
		if i, ok := idx[k]; ok {
			if better(&r, &kept[i]) {
				kept[i] = r
			}
			continue
		}
		idx[k] = len(kept)
		kept = append(kept, r)
	}
	for _, r := range kept {
		if n := count[RecordKey(&r)]; n > 1 {
			warnings = append(warnings, fmt.Sprintf("cell %s has %d records; keeping one (stop %s, success %v)", RecordKey(&r), n, r.StopReason, r.Success))
		}
	}
	return kept, warnings
}

func better(a, b *agent.Record) bool {
	if ra, rb := finishRank(a), finishRank(b); ra != rb {
		return ra > rb
	}
	if a.Success != b.Success {
		return a.Success
	}
	if a.Speedup != b.Speedup {
		return a.Speedup > b.Speedup
	}
	if a.Iterations != b.Iterations {
		return a.Iterations < b.Iterations
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) < string(jb)
}

// finishRank orders stop reasons for Dedupe: a finished attempt, then a
// provider error, then an interrupted attempt.
func finishRank(r *agent.Record) int {
	switch r.StopReason {
	case agent.StopInterrupted:
		return 0
	case agent.StopProviderError:
		return 1
	}
	return 2
}

// ResultsWriter appends records to a JSONL results file, one line per
// record written with a single write and synced, under a mutex. A record
// is either wholly in the file or not at all: a write or sync that fails
// (a full disk cuts a line short) is cut back off the file, so a killed
// run leaves at most a torn last line, a failed write none, and a record
// is never appended onto a torn line.
type ResultsWriter struct {
	mu   sync.Mutex
	f    resultsFile
	path string
	end  int64 // the file's size after the last whole record
	torn bool  // bytes past end that a failed write left and cutting them off failed
}

// resultsFile is the file a ResultsWriter appends to: an *os.File opened
// for appending, or in tests one that fails as a full disk does.
type resultsFile interface {
	Write(p []byte) (int, error)
	Truncate(size int64) error
	Sync() error
	Stat() (os.FileInfo, error)
	Close() error
}

// WriteError is a record that could not be written (the disk is full, the
// file system failed): the record is not in the file.
type WriteError struct {
	Path string
	Err  error
}

func (e *WriteError) Error() string {
	msg := withPath(e.Err, e.Path).Error()
	if DiskFull(e.Err) {
		msg += " (the disk is full)"
	}
	return msg
}

func (e *WriteError) Unwrap() error { return e.Err }

// DiskFull reports whether err is a full disk or an exhausted quota.
func DiskFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}

// OpenResults opens (creating it and its folder) the results file at
// path for appending. A torn last line left by a killed run is removed
// first, so the next record starts on a line of its own; the returned
// warning says so.
func OpenResults(path string) (w *ResultsWriter, warning string, err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, "", err
	}
	if warning, err = repairTail(path); err != nil {
		return nil, "", err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, "", err
	}
	w, err = newResultsWriter(f, path)
	if err != nil {
		f.Close()
		return nil, "", err
	}
	return w, warning, nil
}

// newResultsWriter appends to f, a file that ends with a whole line.
func newResultsWriter(f resultsFile, path string) (*ResultsWriter, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return &ResultsWriter{f: f, path: path, end: st.Size()}, nil
}

// repairTail makes the file end with a newline: a complete record
// without one gets it; a torn record is cut off.
func repairTail(path string) (string, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) || len(data) == 0 || data[len(data)-1] == '\n' {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	start := bytes.LastIndexByte(data, '\n') + 1
	tail := data[start:]
	f, err := os.OpenFile(path, os.O_WRONLY, 0o644)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, perr := parseRecord(tail); perr == nil {
		if _, err := f.WriteAt([]byte("\n"), int64(len(data))); err != nil {
			return "", err
		}
		return "", f.Sync()
	}
	if err := f.Truncate(int64(start)); err != nil {
		return "", err
	}
	if err := f.Sync(); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s: removed a torn last line (%d bytes) left by a killed run; its cell runs again", path, len(tail)), nil
}

// Path is the file's path.
func (w *ResultsWriter) Path() string { return w.path }

// Append writes one record as one line and syncs the file. On an error
// the record is not in the file (a *WriteError): the part of the line
// that was written is cut off again, and should that fail too, the next
// Append cuts it off first or fails without writing.
func (w *ResultsWriter) Append(r *agent.Record) error {
	line, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if bytes.ContainsAny(line, "\n") { // json.Marshal escapes newlines; keep the invariant explicit
		return fmt.Errorf("record of %s encodes to more than one line", RecordKey(r))
	}
	line = append(line, '\n')
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.torn {
		if err := w.cut(); err != nil {
			return &WriteError{w.path, fmt.Errorf("not written: a failed write left a partial line that cannot be cut off: %w", err)}
		}
	}
	n, err := w.f.Write(line)
	if err == nil && n != len(line) {
		err = io.ErrShortWrite
	}
	if err == nil {
		err = w.f.Sync()
	}
	if err == nil {
		// The line landed at the end of the last record (O_APPEND and
		// the lock: no one else writes the file).
		var st os.FileInfo
		if st, err = w.f.Stat(); err == nil && st.Size() != w.end+int64(len(line)) {
			err = fmt.Errorf("the file is %d bytes after appending %d bytes to %d", st.Size(), len(line), w.end)
		}
	}
	if err != nil {
		w.torn = true
		if cerr := w.cut(); cerr != nil {
			return &WriteError{w.path, fmt.Errorf("%w; cutting the partial line off failed too: %v", err, cerr)}
		}
		return &WriteError{w.path, err}
	}
	w.end += int64(len(line))
	return nil
}

// cut truncates the file back to its last whole record.
func (w *ResultsWriter) cut() error {
	if err := w.f.Truncate(w.end); err != nil {
		return err
	}
	if err := w.f.Sync(); err != nil {
		return err
	}
	w.torn = false
	return nil
}

// Close closes the file.
func (w *ResultsWriter) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.f.Close()
}
