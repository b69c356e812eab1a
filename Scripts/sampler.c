// A wall-clock sampling profiler for one thread, loaded with LD_PRELOAD (perf is not available here);
// built and used by Scripts/sample. SAMPLER_OUT=file writes the sampled instruction pointers and
// /proc/self/maps at exit; SAMPLER_HZ (default 20000) sets the rate; SIGURG toggles sampling (off at start).
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

static unsigned long *samples;
static size_t capacity, count;
static volatile sig_atomic_t on;

static void sample(int signal, siginfo_t *info, void *context) {
    (void)signal; (void)info;
    if (!on || count >= capacity) return;
    samples[count++] = (unsigned long)((ucontext_t *)context)->uc_mcontext.gregs[REG_RIP];
}

static void toggle(int signal) { (void)signal; on = !on; }

__attribute__((constructor)) static void start(void) {
    if (!getenv("SAMPLER_OUT")) return;
    long hz = getenv("SAMPLER_HZ") ? atol(getenv("SAMPLER_HZ")) : 20000;
    capacity = 1 << 24;
    samples = malloc(capacity * sizeof *samples);
    struct sigaction action = {0};
    action.sa_sigaction = sample;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGPROF, &action, NULL);
    struct sigaction flip = {0};
    flip.sa_handler = toggle;
    flip.sa_flags = SA_RESTART;
    sigaction(SIGURG, &flip, NULL);
    struct sigevent event = {0};
    event.sigev_notify = SIGEV_THREAD_ID;
    event._sigev_un._tid = (pid_t)syscall(SYS_gettid);
    event.sigev_signo = SIGPROF;
    timer_t timer;
    if (timer_create(CLOCK_MONOTONIC, &event, &timer) != 0) { perror("sampler: timer_create"); return; }
    long interval = 1000000000L / hz;
    struct itimerspec spec = {{0, interval}, {0, interval}};
    timer_settime(timer, 0, &spec, NULL);
}

__attribute__((destructor)) static void stop(void) {
    const char *path = getenv("SAMPLER_OUT");
    if (!path || !samples) return;
    on = 0;
    FILE *out = fopen(path, "w");
    if (!out) return;
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[4096];
    while (maps && fgets(line, sizeof line, maps)) fprintf(out, "map %s", line);
    if (maps) fclose(maps);
    for (size_t index = 0; index < count; index++) fprintf(out, "%lx\n", samples[index]);
    fclose(out);
}
