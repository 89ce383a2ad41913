#ifndef LINKSIM_CNCURSES_SHIM_H
#define LINKSIM_CNCURSES_SHIM_H

/* Wide-character ncurses: both must be defined before curses.h, or get_wch/cchar_t vanish. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <curses.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* stdscr, LINES and COLS are mutable C globals (or macros); Swift 6 cannot touch them safely,
   so they are read through functions. */
static inline WINDOW *linksim_stdscr(void) { return stdscr; }
static inline int linksim_lines(void) { return LINES; }
static inline int linksim_cols(void) { return COLS; }
static inline int linksim_color_pairs(void) { return COLOR_PAIRS; }

/* Attribute and mouse masks are macro expressions Swift does not import. */
static inline attr_t linksim_attr_normal(void) { return A_NORMAL; }
static inline attr_t linksim_attr_bold(void) { return A_BOLD; }
static inline attr_t linksim_attr_reverse(void) { return A_REVERSE; }
static inline attr_t linksim_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t linksim_attr_dim(void) { return A_DIM; }
static inline mmask_t linksim_mouse_click_mask(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED; }
/* The wheel arrives as presses of buttons 4 (up) and 5 (down). */
static inline mmask_t linksim_mouse_wheel_up_mask(void) { return BUTTON4_PRESSED; }
static inline mmask_t linksim_mouse_wheel_down_mask(void) {
#ifdef BUTTON5_PRESSED
    return BUTTON5_PRESSED;
#else
    return 0;
#endif
}

/* Writes one cell (a character and up to two combining marks, 0 for none, with attributes and a
   colour pair) at y, x. */
static inline int linksim_put_cell(int y, int x, wchar_t ch, wchar_t mark1, wchar_t mark2, attr_t attrs, short pair) {
    wchar_t text[4] = { ch, mark1, mark1 ? mark2 : 0, 0 };
    cchar_t cell;
    if (setcchar(&cell, text, attrs, pair, NULL) != OK) return ERR;
    return mvwadd_wch(stdscr, y, x, &cell);
}

/* ---- Terminal restore on signals and crashes ----------------------------------------------
   The termios saved before initscr is restored from a C signal handler that only calls
   async-signal-safe functions (tcsetattr, write, signal, raise). These statics live in this
   header, so every Swift file that calls these functions would get its own copy: only
   LinkSimTUI/Backends/TerminalGuard.swift may call them. */
/* Function-local statics: Swift's C importer emits these with the inline functions that own them. */
static inline struct termios *linksim_saved_termios(void) {
    static struct termios saved;
    return &saved;
}
static inline volatile sig_atomic_t *linksim_termios_saved(void) {
    static volatile sig_atomic_t saved = 0;
    return &saved;
}

static inline int linksim_save_terminal(void) {
    if (tcgetattr(STDIN_FILENO, linksim_saved_termios()) != 0) return -1;
    *linksim_termios_saved() = 1;
    return 0;
}

/* Puts the saved termios back, nothing else (after endwin, which already reset the screen). */
static inline void linksim_restore_termios(void) {
    if (*linksim_termios_saved()) tcsetattr(STDIN_FILENO, TCSANOW, linksim_saved_termios());
}

/* Async-signal-safe: leave mouse reporting, bracketed paste and the alternate screen, show the cursor, reset
   attributes, put the cursor keys and keypad back in normal mode (keypad() set them to application
   mode; rmkx), and put the saved termios back. */
static inline void linksim_restore_terminal(void) {
    static const char reset[] = "\033[?1000l\033[?1002l\033[?1006l\033[?2004l\033[0m\033[?25h\033[?1l\033>\033[?1049l";
    if (*linksim_termios_saved()) tcsetattr(STDIN_FILENO, TCSANOW, linksim_saved_termios());
    ssize_t ignored = write(STDOUT_FILENO, reset, sizeof reset - 1);
    (void)ignored;
}

static void linksim_restore_and_reraise(int signal_number) {
    linksim_restore_terminal();
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

/* Installed before initscr, so ncurses sees handlers already present and keeps its own
   (not async-signal-safe) SIGINT/SIGTERM handlers out of the way. */
static inline void linksim_install_terminal_restorers(void) {
    static const int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = linksim_restore_and_reraise;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaction(signals[i], &action, NULL);
}

#endif
