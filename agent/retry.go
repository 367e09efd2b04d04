package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Retry defaults of the HTTP providers (ProviderConfig zero values).
const (
	DefaultTimeout    = 5 * time.Minute  // per model call
	DefaultMaxRetries = 5                // retries after the first try
	RetryBaseDelay    = time.Second      // the first backoff, doubled on each retry
	RetryMaxDelay     = time.Minute      // cap of one backoff
	MaxRetryAfter     = 10 * time.Minute // a longer Retry-After fails at once (a quota, not a blip)
)

// retrier runs one model call with a per-call timeout and retries on 429,
// 408, 409, 5xx, timeouts and connection errors, with exponential backoff
// and jitter, honouring the server's retry-after-ms / Retry-After (seconds
// or an HTTP date). The providers' HTTP clients are ours, so this loop is
// the only one and its behaviour is exact and testable: sleep, now and
// jitter are injectable.
type retrier struct {
	provider   string // "openai", "anthropic": prefixes errors
	timeout    time.Duration
	maxRetries int
	secret     string // redacted from every error text
	sleep      func(ctx context.Context, d time.Duration) error
	now        func() time.Time
	jitter     func() float64 // in [0, 1)
}

func newRetrier(provider string, cfg ProviderConfig) *retrier {
	r := &retrier{provider: provider, timeout: cfg.Timeout, maxRetries: cfg.MaxRetries, secret: cfg.APIKey,
		sleep: sleepCtx, now: time.Now, jitter: rand.Float64}
	if r.timeout <= 0 {
		r.timeout = DefaultTimeout
	}
	switch {
	case r.maxRetries == 0:
		r.maxRetries = DefaultMaxRetries
	case r.maxRetries < 0:
		r.maxRetries = 0
	}
	return r
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// maxErrorBody is how much of an error response is read for its message.
const maxErrorBody = 64 << 10

// APIError is a model API's failure: the HTTP status (0 for a transport
// failure or timeout), the API's own message, and how many tries were
// made. Its text never contains the API key.
type APIError struct {
	Provider  string
	Status    int    // HTTP status, 0 when no response arrived
	Message   string // the API's error message, or the transport error
	Tries     int    // attempts made, the first included
	Retryable bool   // the last failure was of a retryable kind
}

// Error is "provider: HTTP status text: message", with whether it was
// retried and, for 401/403/404, what to check.
func (e *APIError) Error() string {
	var b strings.Builder
	b.WriteString(e.Provider)
	b.WriteString(": ")
	if e.Status != 0 {
		fmt.Fprintf(&b, "HTTP %d %s", e.Status, http.StatusText(e.Status))
		if e.Message != "" {
			b.WriteString(": ")
		}
	}
	b.WriteString(e.Message)
	switch {
	case e.Retryable && e.Tries > 1:
		fmt.Fprintf(&b, " (gave up after %d tries)", e.Tries)
	case !e.Retryable && e.Status != 0:
		b.WriteString(" (not retried)")
	}
	switch e.Status {
	case http.StatusUnauthorized, http.StatusForbidden:
		b.WriteString("; check the API key (--api-key-env names the variable that holds it)")
	case http.StatusNotFound:
		b.WriteString("; check the model name and the base URL (--base-url)")
	}
	return b.String()
}

// do makes one model call: send makes a fresh request on each try (under
// the per-call timeout) and do reads the answer, retrying as documented
// on retrier. It returns the body of a 2xx answer, read whole but never
// more than MaxResponseBytes (a larger one is a provider error, not
// retried); of an error answer at most maxErrorBody bytes are read, for
// its message.
func (r *retrier) do(ctx context.Context, send func(ctx context.Context) (*http.Response, error)) ([]byte, error) {
	for try := 1; ; try++ {
		cctx, cancel := context.WithTimeout(ctx, r.timeout)
		status, header, body, err := r.once(cctx, send)
		timedOut := errors.Is(cctx.Err(), context.DeadlineExceeded) && ctx.Err() == nil
		cancel()
		if err == nil && status >= 200 && status < 300 {
			return body, nil
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("%s: %w", r.provider, ctx.Err())
		}
		aerr := &APIError{Provider: r.provider, Tries: try}
		var big *tooLargeError
		switch {
		case status >= 400:
			aerr.Status = status
			aerr.Message = apiMessage(body)
			aerr.Retryable = retryableStatus(status)
		case timedOut:
			aerr.Message = fmt.Sprintf("no answer within the per-call timeout of %s (--timeout)", r.timeout)
			aerr.Retryable = true
		case errors.As(err, &big):
			// The same request would get the same flood: not retried.
			aerr.Status = status
			aerr.Message = big.Error()
		case status == 0 || isTransient(err):
			// No response at all, or the connection broke while reading it.
			aerr.Message = err.Error()
			aerr.Retryable = true
		case err != nil:
			aerr.Status = status
			aerr.Message = "unreadable response: " + err.Error()
		default:
			// 1xx, 3xx: nothing a model API answers with.
			aerr.Status = status
			aerr.Message = "unexpected answer (not a model reply)"
		}
		if v := header.Get("x-should-retry"); v == "true" || v == "false" {
			aerr.Retryable = v == "true"
		}
		aerr.Message = r.redact(aerr.Message)
		if !aerr.Retryable || try > r.maxRetries {
			return nil, aerr
		}
		delay, fromServer := r.retryAfter(header)
		if fromServer && delay > MaxRetryAfter {
			aerr.Message += fmt.Sprintf(" (the server asks to wait %s before retrying, more than the %s this client waits)", delay.Round(time.Second), MaxRetryAfter)
			aerr.Retryable = false
			return nil, aerr
		}
		if !fromServer {
			delay = r.backoff(try)
		}
		if err := r.sleep(ctx, delay); err != nil {
			return nil, fmt.Errorf("%s: %w", r.provider, err)
		}
	}
}

// once is one try: the status and headers (0 and nil when no answer
// came) and the body read through its limit.
func (r *retrier) once(ctx context.Context, send func(ctx context.Context) (*http.Response, error)) (int, http.Header, []byte, error) {
	res, err := send(ctx)
	if err != nil {
		return 0, http.Header{}, nil, err
	}
	defer res.Body.Close()
	limit := int64(MaxResponseBytes)
	if res.StatusCode >= 400 {
		limit = maxErrorBody
		// An error message past the first 64 KiB is not read.
		b, _ := readLimited(res.Body, -1, limit)
		return res.StatusCode, res.Header, b, nil
	}
	b, err := readLimited(res.Body, res.ContentLength, limit)
	return res.StatusCode, res.Header, b, err
}

// tooLargeError: a response body over MaxResponseBytes.
type tooLargeError struct{ declared int64 }

func (e *tooLargeError) Error() string {
	size := "more"
	if e.declared > 0 {
		size = fmt.Sprintf("%d bytes, more", e.declared)
	}
	return fmt.Sprintf("the response body is %s than the %d MiB a model reply may take (MaxResponseBytes); it was not read further: a broken or hostile server", size, MaxResponseBytes>>20)
}

// readLimited reads a body of at most limit bytes (declared is its
// Content-Length, -1 when unknown). A body over the limit is an error
// (*tooLargeError) when limit is MaxResponseBytes, else (error bodies)
// simply cut. Nothing past limit+1 bytes is read.
func readLimited(body io.Reader, declared, limit int64) ([]byte, error) {
	if declared > limit && limit == MaxResponseBytes {
		return nil, &tooLargeError{declared: declared}
	}
	size := int64(4096)
	if declared >= 0 && declared <= limit {
		size = declared + 1 // one more, to see the EOF without growing
	}
	b := make([]byte, 0, size)
	lr := io.LimitReader(body, limit+1)
	var err error
	for {
		if len(b) == cap(b) {
			if int64(len(b)) > limit {
				break
			}
			// Doubling, but never past limit+1 bytes.
			nb := make([]byte, len(b), min(2*int64(cap(b)), limit+1))
			copy(nb, b)
			b = nb
		}
		var n int
		n, err = lr.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			break
		}
	}
	if int64(len(b)) > limit {
		if limit == MaxResponseBytes {
			return nil, &tooLargeError{}
		}
		b = b[:limit]
	}
	return b, err
}

// backoff is the wait before retry number try (1-based): the base delay
// doubled per retry, capped, with "equal jitter" (half fixed, half random)
// so that parallel cells do not retry in lockstep.
func (r *retrier) backoff(try int) time.Duration {
	d := float64(RetryBaseDelay) * math.Pow(2, float64(try-1))
	if d > float64(RetryMaxDelay) {
		d = float64(RetryMaxDelay)
	}
	return time.Duration(d/2 + r.jitter()*d/2)
}

// retryAfter reads the server's wait: retry-after-ms (milliseconds, as
// OpenAI and Anthropic send it), else Retry-After in seconds or as an HTTP
// date.
func (r *retrier) retryAfter(h http.Header) (time.Duration, bool) {
	if v := strings.TrimSpace(h.Get("retry-after-ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 && !math.IsInf(ms, 0) {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 && !math.IsInf(s, 0) {
		return time.Duration(s * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		d := t.Sub(r.now())
		if d < 0 {
			d = 0
		}
		return d, true
	}
	return 0, false
}

func (r *retrier) redact(s string) string {
	if len(r.secret) >= 4 {
		s = strings.ReplaceAll(s, r.secret, "[redacted]")
	}
	return s
}

// retryableStatus: 408 request timeout, 409 conflict (a lock), 429 rate
// limit and every 5xx (Anthropic's 529 overloaded included).
func retryableStatus(status int) bool {
	return status == http.StatusRequestTimeout || status == http.StatusConflict ||
		status == http.StatusTooManyRequests || status >= 500
}

// isTransient: a connection that broke while the response was read.
func isTransient(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)
}

// apiMessage extracts the error message of an error response body: the
// OpenAI and Anthropic shape {"error": {"message": …}}, vLLM's {"message":
// …}, {"error": "…"}, {"detail": …}, else the body's text, shortened.
func apiMessage(body []byte) string {
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Detail  json.RawMessage `json:"detail"`
	}
	if json.Unmarshal(body, &v) == nil {
		var inner struct {
			Message string `json:"message"`
			Type    string `json:"type"`
		}
		var s string
		switch {
		case json.Unmarshal(v.Error, &inner) == nil && inner.Message != "":
			if inner.Type != "" {
				return inner.Type + ": " + inner.Message
			}
			return inner.Message
		case json.Unmarshal(v.Error, &s) == nil && s != "":
			return s
		case v.Message != "":
			return v.Message
		case json.Unmarshal(v.Detail, &s) == nil && s != "":
			return s
		case len(v.Detail) > 0:
			return string(v.Detail)
		}
	}
	s := strings.Join(strings.Fields(string(body)), " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}
