package model

import (
	"maps"
	"slices"
)

// GRPCCode is a gRPC status code, as google.rpc.Code names it, such as
// NOT_FOUND.
type GRPCCode string

// GRPCCodeFor returns the gRPC code of an HTTP status: the mapping of
// google.rpc.Code read from status to code, with a code for each status
// an API commonly sends.
//
//	400, 422        INVALID_ARGUMENT      409             ABORTED
//	401             UNAUTHENTICATED       412             FAILED_PRECONDITION
//	403             PERMISSION_DENIED     413, 429        RESOURCE_EXHAUSTED
//	404, 410        NOT_FOUND             416             OUT_OF_RANGE
//	408, 504        DEADLINE_EXCEEDED     499             CANCELLED
//	500             INTERNAL              501             UNIMPLEMENTED
//	502, 503        UNAVAILABLE
//	any other 4xx   FAILED_PRECONDITION   any other       INTERNAL
func GRPCCodeFor(status int) GRPCCode {
	if c, ok := grpcByStatus[status]; ok {
		return c
	}
	if status >= 400 && status < 500 {
		return "FAILED_PRECONDITION"
	}
	return "INTERNAL"
}

var grpcByStatus = map[int]GRPCCode{
	400: "INVALID_ARGUMENT", 422: "INVALID_ARGUMENT",
	401: "UNAUTHENTICATED",
	403: "PERMISSION_DENIED",
	404: "NOT_FOUND", 410: "NOT_FOUND",
	408: "DEADLINE_EXCEEDED", 504: "DEADLINE_EXCEEDED",
	409: "ABORTED",
	412: "FAILED_PRECONDITION",
	413: "RESOURCE_EXHAUSTED", 429: "RESOURCE_EXHAUSTED",
	416: "OUT_OF_RANGE",
	499: "CANCELLED",
	500: "INTERNAL",
	501: "UNIMPLEMENTED",
	502: "UNAVAILABLE", 503: "UNAVAILABLE",
}

// GRPCStatuses returns the HTTP statuses that GRPCCodeFor maps one by
// one, sorted.
func GRPCStatuses() []int { return slices.Sorted(maps.Keys(grpcByStatus)) }
