package textsafe

import "io/fs"

// FileKind names, for a person, the kind of file m is: "directory",
// "symbolic link", "named pipe", "socket", "character device" (such as
// /dev/zero), "device", "regular file", or "special file" for the rest.
// Messages say it where Go's mode string (Dc---------) would say nothing to
// most readers.
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "regular file"
	case m.IsDir():
		return "directory"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	default:
		return "special file"
	}
}
