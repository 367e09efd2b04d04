package bench

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadResults reads arbitrary results files: records or warnings,
// never a panic or an error for content, and Dedupe keeps one record per
// cell.
func FuzzReadResults(f *testing.F) {
	f.Add(`{"model":"baseline","target":"coral","task":"relu","level":1,"config":1,"seed":1,"success":true,"stop_reason":"submitted"}` + "\n")
	f.Add(`{"model":"m","target":"coral","task":"relu","config":1,"seed":1}` + "\n" + `{"model":"m","target":"coral","task":"relu","config":1,"seed":1,"success":tr`)
	f.Add("\n\n[1,2]\n{}\n")
	f.Add(`{"model":"m","config":"x"}`)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data string) {
		path := filepath.Join(dir, "results.jsonl")
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		recs, _, err := ReadResultsFile(path)
		if err != nil {
			t.Fatalf("content gave an error: %v", err)
		}
		for i := range recs {
			if _, err := json.Marshal(&recs[i]); err != nil {
				t.Fatalf("record %d does not marshal: %v", i, err)
			}
		}
		kept, _ := Dedupe(recs)
		seen := map[Key]bool{}
		for i := range kept {
			k := RecordKey(&kept[i])
			if seen[k] {
				t.Fatalf("Dedupe kept %s twice", k)
			}
			seen[k] = true
		}
	})
}
