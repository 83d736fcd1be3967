// Package startpages unmaps from the process the pages of its own binary
// that package init left resident and nothing writes.
package startpages

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// Drop unmaps from this process the pages of its own binary that are
// read-only and hold only the file's bytes (code, constants, function
// tables), once the packages' init functions have run. Go runs the init
// of every linked package before main, 230 of them in parley, spread
// over the whole binary, and Linux maps a file page with the 64 KB
// around it: a headless command started with 22.5 MB of the binary
// resident, most of it code of the TUI's libraries (chroma's lexers,
// glamour, goldmark, protobuf descriptors) that the command never runs
// again, and those pages counted in its RSS to the end. Dropped, they
// stay in the page cache (shared, clean: nothing is read from disk
// again), and what the command runs next maps them back a fault at a
// time; `parley send` on 20,000 chunks peaks ~9 MB lower
// (docs/performance.md, goal 1).
//
// A mapping is dropped only when it is private, not writable and holds
// no anonymous page: then every page is the file's bytes, and mapping it
// again gives the same bytes, as it does after the kernel reclaims it
// under memory pressure. A writable mapping (.data, .bss) holds the
// process's own values; a RELRO mapping of a PIE or dynamically linked
// build is read-only but was written by the loader (its pages are
// anonymous copies), and dropping it would put back unrelocated bytes.
// Both are kept. Any error leaves everything as it is: the drop only
// ever saves memory, it is never needed.
func Drop() {
	var exe syscall.Stat_t
	if err := syscall.Stat("/proc/self/exe", &exe); err != nil {
		return
	}
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return
	}
	var spans [][2]uintptr
	sc := bufio.NewScanner(f)
	var cur [2]uintptr
	candidate := false
	flush := func() {
		if candidate {
			spans = append(spans, cur)
		}
		candidate = false
	}
	for sc.Scan() {
		line := sc.Text()
		if header(line) {
			flush()
			s, e, ok := ReadOnlyMappingOf(line, exe.Dev, exe.Ino)
			cur, candidate = [2]uintptr{s, e}, ok
			continue
		}
		if rest, ok := strings.CutPrefix(line, "Anonymous:"); ok && candidate {
			if strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")) != "0" {
				candidate = false
			}
		}
	}
	err = sc.Err()
	f.Close()
	if err != nil {
		return // a smaps cut short may have hidden an Anonymous line
	}
	flush()
	for _, s := range spans {
		syscall.Syscall(syscall.SYS_MADVISE, s[0], s[1]-s[0], syscall.MADV_DONTNEED)
	}
}

// header says whether a line of /proc/self/smaps starts a mapping
// ("start-end perms ...") rather than giving one of its fields
// ("Rss:       12 kB").
func header(line string) bool {
	i := strings.IndexByte(line, ' ')
	return i > 0 && strings.IndexByte(line[:i], '-') > 0 && !strings.HasSuffix(line[:i], ":")
}

// ReadOnlyMappingOf reads a mapping's line of /proc/self/maps or smaps
// ("start-end perms offset major:minor inode path") and says whether it
// maps the file with that device and inode privately, readable and not
// writable.
func ReadOnlyMappingOf(line string, dev, ino uint64) (start, end uintptr, ok bool) {
	fields := strings.Fields(line)
	if len(fields) < 6 {
		return 0, 0, false
	}
	perms, devField, inoField := fields[1], fields[3], fields[4]
	if len(perms) != 4 || perms[0] != 'r' || perms[1] != '-' || perms[3] != 'p' {
		return 0, 0, false
	}
	if n, err := strconv.ParseUint(inoField, 10, 64); err != nil || n != ino {
		return 0, 0, false
	}
	maj, min, found := strings.Cut(devField, ":")
	major, err1 := strconv.ParseUint(maj, 16, 32)
	minor, err2 := strconv.ParseUint(min, 16, 32)
	if !found || err1 != nil || err2 != nil || major != devMajor(dev) || minor != devMinor(dev) {
		return 0, 0, false
	}
	lo, hi, found := strings.Cut(fields[0], "-")
	s, err1 := strconv.ParseUint(lo, 16, 64)
	e, err2 := strconv.ParseUint(hi, 16, 64)
	if !found || err1 != nil || err2 != nil || e <= s {
		return 0, 0, false
	}
	return uintptr(s), uintptr(e), true
}

// devMajor and devMinor split a Linux device number as glibc's
// gnu_dev_major and gnu_dev_minor do.
func devMajor(dev uint64) uint64 { return (dev>>8)&0xfff | (dev>>32)&^0xfff }
func devMinor(dev uint64) uint64 { return dev&0xff | (dev>>12)&^0xff }
