package model

// The fields a category gives its codes by default, and a code may set
// itself: Origin tells where a code's value of one comes from.
const (
	KeyHTTPStatus = "http_status"
	KeyRetryable  = "retryable"
	KeyRetry      = "retry"
	KeyRetryAfter = "retry_after"
	KeyRetries    = "retries"
	KeyGRPCCode   = "grpc_code"
	KeyEnvelope   = "envelope"
)

// defaults records the fields of the category defaults that a category
// or a code sets itself, each under the key it is written at: retryable
// and retry each follow from the other, so one that sets only one of
// them gives its value of the other from the one it sets.
type defaults map[string]string

// ownDefaults returns the defaults set among the values of a category or
// a code.
func ownDefaults(retryable *bool, httpStatus *int, retry string, retryAfter, retries *int, envelope, grpcCode string) defaults {
	out := defaults{}
	set := func(key string, ok bool) {
		if ok {
			out[key] = key
		}
	}
	set(KeyRetryable, retryable != nil)
	set(KeyHTTPStatus, httpStatus != nil)
	set(KeyRetry, retry != "")
	set(KeyRetryAfter, retryAfter != nil)
	set(KeyRetries, retries != nil)
	set(KeyEnvelope, envelope != "")
	set(KeyGRPCCode, grpcCode != "")
	for _, pair := range [][2]string{{KeyRetryable, KeyRetry}, {KeyRetry, KeyRetryable}} {
		if k, ok := out[pair[0]]; ok && out[pair[1]] == "" {
			out[pair[1]] = k
		}
	}
	return out
}

// Origin returns the path of the value that gives the code its field key
// (one of the Key constants): the code's own, else that of the nearest
// category, going up from the code's, that sets it; nil when the value
// is errspec's default.
func (c *Code) Origin(key string) []string {
	if k, ok := c.own[key]; ok {
		return []string{"codes", c.Name, k}
	}
	for p := c.Category; p != nil; p = p.Parent {
		if k, ok := p.own[key]; ok {
			return []string{"categories", p.Name, k}
		}
	}
	return nil
}

// Sets reports whether the category sets its codes' field key itself.
func (c *Category) Sets(key string) bool {
	_, ok := c.own[key]
	return ok
}

// Sets reports whether the code sets its field key itself.
func (c *Code) Sets(key string) bool {
	_, ok := c.own[key]
	return ok
}
