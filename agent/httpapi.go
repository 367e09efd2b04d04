package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
)

// Bounds of one model reply, whatever the server sends (the openai and
// anthropic providers are small clients of our own on net/http, made for
// exactly the calls KernelCraft makes).
const (
	// MaxResponseBytes bounds the body of one model reply; a larger one
	// (by its Content-Length, or once that many bytes were read) fails the
	// turn with a provider error, not retried, and is not read further.
	MaxResponseBytes = 8 << 20
	// MaxReplyToolCalls is how many tool calls of one reply are kept; the
	// rest are dropped as they are decoded and the reply's text says so
	// (of those kept, the attempt runs at most Options.MaxToolCalls).
	MaxReplyToolCalls = 64
	// MaxTurnTokens bounds each token count of a reply's usage; a count
	// that is negative, fractional or above it is a provider error, not
	// retried (a turn whose usage cannot be trusted cannot be counted or
	// priced, and the report's totals must stay finite).
	MaxTurnTokens = 1_000_000_000
)

// httpClient sends the model calls (the environment's proxy settings
// apply; timeouts are the retrier's). It follows a redirect only to the
// same host: Go drops Authorization on a cross-host redirect but not
// x-api-key, so following one could hand the key to another server.
var httpClient = &http.Client{CheckRedirect: sameHostRedirect}

func sameHostRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= 5 {
		return fmt.Errorf("stopped after %d redirects", len(via))
	}
	if from := via[0].URL; req.URL.Host != from.Host || req.URL.Scheme != from.Scheme {
		return fmt.Errorf("refusing a redirect from %s://%s to %s://%s: the API key would go to another server; set --base-url to the final address", from.Scheme, from.Host, req.URL.Scheme, req.URL.Host)
	}
	return nil
}

// postJSON sends body to url with the headers, through the retrier, and
// returns the reply's body (2xx only, at most MaxResponseBytes).
func postJSON(ctx context.Context, r *retrier, url string, header http.Header, body []byte) ([]byte, error) {
	return r.do(ctx, func(ctx context.Context) (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header = header.Clone()
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json")
		return httpClient.Do(req)
	})
}

// endpoint is base (no trailing slash) followed by path.
func endpoint(base, path string) string {
	return strings.TrimRight(base, "/") + path
}

// eachElement calls elem with each element of the JSON array data (null:
// none), as a subslice of data: neither the array nor its elements are
// copied, and elements elem ignores cost nothing. data must be valid JSON
// (a value json.Unmarshal hands an UnmarshalJSON method is).
func eachElement(data []byte, elem func(i int, raw []byte) error) error {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || string(data) == "null" {
		return nil
	}
	if data[0] != '[' {
		return fmt.Errorf("expected an array, got %s", shorten(string(data), 20))
	}
	for i, n := 1, 0; i < len(data); {
		switch c := data[i]; c {
		case ' ', '\t', '\n', '\r', ',':
			i++
			continue
		case ']':
			return nil
		}
		end := valueEnd(data, i)
		if end <= i {
			return fmt.Errorf("malformed array at byte %d", i)
		}
		if err := elem(n, data[i:end]); err != nil {
			return err
		}
		n++
		i = end
	}
	return errors.New("unterminated array")
}

// valueEnd is the end of the JSON value that starts at data[i] (valid
// JSON assumed): the byte after its closing quote or bracket, or the
// delimiter after a number or literal.
func valueEnd(data []byte, i int) int {
	depth, inString := 0, false
	for j := i; j < len(data); j++ {
		c := data[j]
		if inString {
			switch c {
			case '\\':
				j++
			case '"':
				inString = false
				if depth == 0 {
					return j + 1
				}
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '[', '{':
			depth++
		case ']', '}':
			if depth == 0 {
				return j
			}
			depth--
			if depth == 0 {
				return j + 1
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return j
			}
		}
	}
	return len(data)
}

// tokenCount is a usage count as a reply states it (absent or null: 0).
type tokenCount struct {
	field string
	n     json.Number
}

// tokens reads usage counts: each must be a whole number in
// [0, MaxTurnTokens].
func tokens(counts ...tokenCount) ([]int, error) {
	out := make([]int, len(counts))
	for i, c := range counts {
		if c.n == "" {
			continue
		}
		f, err := strconv.ParseFloat(string(c.n), 64)
		if err != nil || math.IsNaN(f) || f < 0 || f > MaxTurnTokens || f != math.Trunc(f) {
			return nil, fmt.Errorf("the reply's usage is invalid: %s is %s, and a token count must be a whole number from 0 to %d; the turn cannot be counted or priced",
				c.field, shorten(string(c.n), 40), MaxTurnTokens)
		}
		out[i] = int(f)
	}
	return out, nil
}

// checkUsage is the bound of tokens on a Usage read from elsewhere (a
// recorded trajectory): every count from 0 to MaxTurnTokens (the input,
// which includes the cache's, to three times that).
func checkUsage(u Usage) error {
	if u.InputTokens < 0 || u.InputTokens > 3*MaxTurnTokens || u.OutputTokens < 0 || u.OutputTokens > MaxTurnTokens ||
		u.CacheReadTokens < 0 || u.CacheReadTokens > MaxTurnTokens || u.CacheWriteTokens < 0 || u.CacheWriteTokens > MaxTurnTokens {
		return fmt.Errorf("token counts %+v out of range (0 to %d each)", u, MaxTurnTokens)
	}
	return nil
}

// shorten cuts s to n bytes with an ellipsis.
func shorten(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// cutNote is the note added to a reply's text when tool calls past
// MaxReplyToolCalls were dropped.
func cutNote(total int) string {
	return fmt.Sprintf("[this reply made %d tool calls; only the first %d were kept and the other %d dropped unanswered: make at most %d per turn]",
		total, MaxReplyToolCalls, total-MaxReplyToolCalls, DefaultMaxToolCalls)
}

// joinText appends a line to a reply's text.
func joinText(text, more string) string {
	return strings.TrimSpace(text + "\n" + more)
}

// errUnreadable prefixes a decoding failure of a 2xx reply (not retried:
// the same request would get the same answer).
func errUnreadable(provider string, err error) error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		err = fmt.Errorf("%v (at byte %d)", err, syn.Offset)
	}
	return fmt.Errorf("%s: unreadable response: %v (not retried)", provider, err)
}
