// Power loss, modelled: what survives a power cut is what was fsynced. Loaded with LD_PRELOAD into
// a process under test, this wraps fsync and fdatasync; after each successful call on anything
// under $POWERLOSS_ROOT it records the durable state in $POWERLOSS_SHADOW:
//   a regular file: its whole content, as ino/<dev>-<ino>-<birth ns> (content belongs to the inode,
//     so a file fsynced and then renamed keeps it; the birth time tells a reused inode number
//     apart, so a new file never inherits what an earlier file of that number made durable);
//   a directory: its entries (type, inode, birth ns, name), as dir/<dev>-<ino>-<birth ns> (a name
//     is durable only once its directory is fsynced: a rename or a create alone is not, as POSIX
//     allows).
// Each record is written aside and renamed into place, so a kill mid-record leaves the one before.
// The test harness rebuilds the data dir from these after kill -9: every write not fsynced is lost.
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static int (*real_fsync)(int);
static int (*real_fdatasync)(int);

static int under_root(const char *path) {
  const char *root = getenv("POWERLOSS_ROOT");
  if (!root) return 0;
  size_t n = strlen(root);
  return strncmp(path, root, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

// Birth time in ns (statx), 0 where the file system keeps none.
static unsigned long long birth(int dirfd, const char *path, int flags) {
  struct statx sx;
  if (statx(dirfd, path, flags, STATX_BTIME, &sx) != 0 || !(sx.stx_mask & STATX_BTIME)) return 0;
  return (unsigned long long)sx.stx_btime.tv_sec * 1000000000ULL + sx.stx_btime.tv_nsec;
}

static int put(const char *kind, const struct stat *st, unsigned long long born, const char *data, size_t len, int from_fd) {
  const char *shadow = getenv("POWERLOSS_SHADOW");
  if (!shadow) return -1;
  char final_path[PATH_MAX], tmp[PATH_MAX];
  snprintf(final_path, sizeof final_path, "%s/%s/%lu-%lu-%llu", shadow, kind, (unsigned long)st->st_dev, (unsigned long)st->st_ino, born);
  snprintf(tmp, sizeof tmp, "%s.%d.%ld.tmp", final_path, getpid(), (long)syscall(SYS_gettid));
  int out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (out < 0) return -1;
  int ok = 1;
  if (data) {
    ok = write(out, data, len) == (ssize_t)len;
  } else {
    char buf[1 << 16];
    off_t off = 0;
    for (;;) {
      ssize_t r = pread(from_fd, buf, sizeof buf, off);
      if (r < 0) { ok = 0; break; }
      if (r == 0) break;
      if (write(out, buf, (size_t)r) != r) { ok = 0; break; }
      off += r;
    }
  }
  close(out);
  if (!ok) { unlink(tmp); return -1; }
  return rename(tmp, final_path);
}

static void record_locked(int fd);

// One record at a time (threads and processes alike), so the last record written of a file or a
// directory is also the last one read: two frames renamed at once on the thread pool must not leave
// the listing read first as the one kept.
static void record(int fd) {
  int saved = errno;
  const char *shadow = getenv("POWERLOSS_SHADOW");
  char lock_path[PATH_MAX];
  snprintf(lock_path, sizeof lock_path, "%s/lock", shadow ? shadow : "/nonexistent");
  int lock = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (lock >= 0) flock(lock, LOCK_EX);
  record_locked(fd);
  if (lock >= 0) close(lock);
  errno = saved;
}

static void record_locked(int fd) {
  char link[64], path[PATH_MAX];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, sizeof path - 1);
  struct stat st;
  if (n > 0 && (path[n] = '\0', under_root(path)) && fstat(fd, &st) == 0) {
    if (S_ISREG(st.st_mode)) {
      // The fd may be write-only: read the same file through a fresh read-only open.
      int in = open(link, O_RDONLY | O_CLOEXEC);
      if (in >= 0) {
        put("ino", &st, birth(fd, "", AT_EMPTY_PATH), NULL, 0, in);
        close(in);
      }
    } else if (S_ISDIR(st.st_mode)) {
      DIR *d = opendir(path);
      if (d) {
        size_t cap = 4096, len = 0;
        char *list = malloc(cap);
        struct dirent *e;
        while (list && (e = readdir(d))) {
          if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
          char child[PATH_MAX];
          struct stat cs;
          snprintf(child, sizeof child, "%s/%s", path, e->d_name);
          if (lstat(child, &cs) != 0) continue;
          char line[PATH_MAX + 96];
          int w = snprintf(line, sizeof line, "%c %lu %llu %s\n", S_ISDIR(cs.st_mode) ? 'd' : S_ISREG(cs.st_mode) ? 'f' : 'o', (unsigned long)cs.st_ino,
                           birth(AT_FDCWD, child, AT_SYMLINK_NOFOLLOW), e->d_name);
          if (len + (size_t)w + 1 > cap) {
            cap = (cap + (size_t)w) * 2;
            char *grown = realloc(list, cap);
            if (!grown) { free(list); list = NULL; break; }
            list = grown;
          }
          memcpy(list + len, line, (size_t)w);
          len += (size_t)w;
        }
        closedir(d);
        if (list) put("dir", &st, birth(fd, "", AT_EMPTY_PATH), list, len, -1);
        free(list);
      }
    }
  }
}

int fsync(int fd) {
  if (!real_fsync) real_fsync = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  int r = real_fsync(fd);
  if (r == 0) record(fd);
  return r;
}

int fdatasync(int fd) {
  if (!real_fdatasync) real_fdatasync = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  int r = real_fdatasync(fd);
  if (r == 0) record(fd);
  return r;
}
