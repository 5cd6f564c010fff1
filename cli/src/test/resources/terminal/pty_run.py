"""Runs a command under a pseudo-terminal of a given size and copies everything it shows to stdout.

Usage: python3 pty_run.py COLUMNS [--stderr FILE] -- COMMAND [ARGS...]

stdin, stdout and (unless --stderr names a file) stderr of COMMAND are the terminal; its exit
status is this script's. Used by the CLI's terminal tests (no network, standard library only).
"""
import fcntl
import os
import pty
import struct
import sys
import termios


def main(argv):
    columns = int(argv[1])
    rest = argv[2:]
    stderr_file = None
    if rest[0] == "--stderr":
        stderr_file = rest[1]
        rest = rest[2:]
    assert rest[0] == "--"
    command = rest[1:]
    pid, fd = pty.fork()
    if pid == 0:
        # the size is set on the terminal before the command starts, so it never reads 0x0
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
        if stderr_file is not None:
            err = os.open(stderr_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(err, 2)
        os.execvp(command[0], command)
    out = sys.stdout.buffer
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        out.write(data)
    out.flush()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
