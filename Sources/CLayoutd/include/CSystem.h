#ifndef CSYSTEM_H
#define CSYSTEM_H
// Swift's Glibc module does not expose epoll, eventfd or accept4; this header does.
// It deliberately does not define _GNU_SOURCE: that would give these system headers a second,
// different definition (fd_set, __SOCKADDR_ARG) next to SwiftGlibc's and break any file that
// imports both. accept4 (GNU-only in the headers) is reached through syscall(2) instead.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <errno.h>
#include <unistd.h>
#include <fcntl.h>

// SHA-256 with the x86 SHA instructions. Included here as well: a build made before the header
// was added keeps its compiled module until a header it already knew changes.
#include "CSHA256.h"

static inline int csystem_errno(void) { return errno; }

/// accept4(2) without address: returns the new descriptor or -1 with errno set.
static inline int csystem_accept4(int fd, int flags) {
    return (int)syscall(SYS_accept4, fd, (void *)0, (void *)0, flags);
}
#endif
