#ifndef CSYSTEM_H
#define CSYSTEM_H
// Swift's Glibc module does not expose epoll, eventfd or accept4; this header does.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <errno.h>
#include <unistd.h>
#include <fcntl.h>

static inline int csystem_errno(void) { return errno; }
#endif
