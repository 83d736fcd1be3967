package cli

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// dropStartupPages unmaps from this process the pages of its own binary
// that are read-only (code, constants, function tables) once the
// packages' init functions have run. Go runs the init of every linked
// package before main, 230 of them, spread over the whole binary, and
// Linux maps a file page with the 64 KB around it: a headless command
// started with 22.5 MB of the binary resident, most of it code of the
// TUI's libraries (chroma's lexers, glamour, goldmark, protobuf
// descriptors) that the command never runs again, and those pages
// counted in its RSS to the end. Dropped, they stay in the page cache
// (shared, clean: nothing is read from disk again), and what the command
// runs next maps them back a fault at a time; `parley send` on 20,000
// chunks peaks ~9 MB lower (docs/performance.md, goal 1).
//
// Only mappings of this binary without write permission are dropped:
// their pages are the file's bytes, so mapping them again gives the same
// bytes, as it does after the kernel reclaims them under memory
// pressure. A writable mapping (.data, .bss) holds the process's own
// values and is never touched.
func dropStartupPages() {
	var exe syscall.Stat_t
	if err := syscall.Stat("/proc/self/exe", &exe); err != nil {
		return
	}
	f, err := os.Open("/proc/self/maps")
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		start, end, ok := readOnlyMappingOf(sc.Text(), exe.Dev, exe.Ino)
		if ok {
			syscall.Syscall(syscall.SYS_MADVISE, start, end-start, syscall.MADV_DONTNEED)
		}
	}
}

// readOnlyMappingOf reads one line of /proc/self/maps ("start-end perms
// offset major:minor inode path") and says whether it maps the file
// with that device and inode without write permission, privately.
func readOnlyMappingOf(line string, dev, ino uint64) (start, end uintptr, ok bool) {
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
