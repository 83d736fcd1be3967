//go:build linux

package background

import (
	"runtime"

	"golang.org/x/sys/unix"
)

// lower: on Linux, nice is a property of each thread (setpriority with a
// thread id), and raising one's own is allowed without privilege. It is
// raised from the thread's own (a parley started with `nice` keeps its
// streams below its keys too), to at most 19.
func lower() bool {
	runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
	tid := unix.Gettid()
	prio, err := unix.Getpriority(unix.PRIO_PROCESS, tid)
	if err != nil {
		return false
	}
	nice := 20 - prio // the system call's form, never negative
	if nice >= 19 {
		return false
	}
	return unix.Setpriority(unix.PRIO_PROCESS, tid, min(nice+Nice, 19)) == nil
}
