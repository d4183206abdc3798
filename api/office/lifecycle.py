"""How the driver ends: always taking its soffice down with it and tidying the sockets it leaves."""
import hashlib
import os
import signal
import time

import uno

SOCKETS = []


def socket_paths(profile, pipe):
    """The sockets soffice makes in /tmp (osl ignores TMPDIR) and leaves there when killed: the
    --accept pipe and the single-instance pipe, named by the MD5 of the UTF-16 profile URL."""
    digest = hashlib.md5(uno.systemPathToFileUrl(profile).encode("utf-16-le")).digest()
    names = (pipe, "SingleOfficeIPC_" + "".join("%x" % byte for byte in digest))
    return ["/tmp/OSL_PIPE_%d_%s" % (os.getuid(), name) for name in names]


def kill_group(*_):
    """Takes soffice (same process group) down with us, whatever ends the driver."""
    for path in SOCKETS:
        try:
            os.unlink(path)
        except OSError:
            pass
    os.killpg(os.getpgid(0), signal.SIGKILL)


def watch(soffice):
    """Exits when Node (our parent) goes away or soffice dies while idle, so the pool notices at once."""
    parent = os.getppid()
    while os.getppid() == parent and soffice.poll() is None:
        time.sleep(0.2)
    kill_group()
