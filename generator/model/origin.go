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

// defaults is the set of the fields of the category defaults that a
// category or a code sets itself.
type defaults map[string]bool

// ownDefaults returns the defaults set among the values of a category or
// a code.
func ownDefaults(retryable *bool, httpStatus *int, retry string, retryAfter, retries *int, envelope, grpcCode string) defaults {
	return defaults{
		KeyRetryable: retryable != nil, KeyHTTPStatus: httpStatus != nil, KeyRetry: retry != "",
		KeyRetryAfter: retryAfter != nil, KeyRetries: retries != nil, KeyEnvelope: envelope != "", KeyGRPCCode: grpcCode != "",
	}
}

// ownKey returns the key of the code's own value that gives it its field
// key, and whether it has one: a code that sets retryable or retry
// resolves both from what it sets, where a category inherits each on its
// own.
func (c *Code) ownKey(key string) (string, bool) {
	if c.own[key] {
		return key, true
	}
	for _, pair := range [][2]string{{KeyRetryable, KeyRetry}, {KeyRetry, KeyRetryable}} {
		if key == pair[0] && c.own[pair[1]] {
			return pair[1], true
		}
	}
	return "", false
}

// Origin returns the path of the value that gives the code its field key
// (one of the Key constants): the code's own, else that of the nearest
// category, going up from the code's, that sets it; nil when the value
// is errspec's default.
func (c *Code) Origin(key string) []string {
	if k, ok := c.ownKey(key); ok {
		return []string{"codes", c.Name, k}
	}
	for p := c.Category; p != nil; p = p.Parent {
		if p.own[key] {
			return []string{"categories", p.Name, key}
		}
	}
	return nil
}

// Sets reports whether the category sets its codes' field key itself.
func (c *Category) Sets(key string) bool { return c.own[key] }

// Sets reports whether the code sets its field key itself.
func (c *Code) Sets(key string) bool {
	_, ok := c.ownKey(key)
	return ok
}
