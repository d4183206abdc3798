"""One warm LibreOffice instance, driven over UNO.

Started by the Node pool (possibly inside `unshare --net`), it launches soffice as its own child
so both share the process group and network namespace, waits for the UNO pipe, then answers
one JSON line on stdout for each JSON request line on stdin:
  {"id": 1, "input": "/abs/in.docx", "output": "/abs/out.partial", "target": "pdf"}
  -> {"id": 1, "ok": true, "family": "writer"} | {"id": 1, "ok": false, "reason": "failed", "message": "..."}
Must run under an interpreter that can `import uno` (Debian: /usr/bin/python3).
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

import uno

import formats
import lifecycle
import slides
from formats import prop


def close_quietly(doc):
    """Always close the document; a failure here must not hide the error that got us here."""
    for action in (lambda: doc.close(True), doc.dispose):
        try:
            return action()
        except Exception:
            pass


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


class Office:
    def __init__(self, args):
        self.args = args
        self.process = subprocess.Popen(
            [args.soffice, "-env:UserInstallation=" + uno.systemPathToFileUrl(args.profile), "--headless", "--invisible",
             "--norestore", "--nologo", "--nodefault", "--nolockcheck", "--accept=pipe,name=%s;urp;" % args.pipe],
            stdin=subprocess.DEVNULL, stdout=sys.stderr, stderr=sys.stderr,
        )
        self.ctx = self._connect(time.monotonic() + args.deadline)
        self.desktop = self.ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", self.ctx)
        self.detection = self.ctx.ServiceManager.createInstanceWithContext("com.sun.star.document.TypeDetection", self.ctx)

    def _connect(self, deadline):
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        url = "uno:pipe,name=%s;urp;StarOffice.ComponentContext" % self.args.pipe
        while True:
            try:
                return resolver.resolve(url)
            except Exception as error:
                if self.process.poll() is not None and self.process.returncode != 81:
                    raise RuntimeError("soffice exited with %s before accepting" % self.process.returncode)
                if time.monotonic() > deadline:
                    raise RuntimeError("no UNO connection before the deadline: %s" % error)
                time.sleep(0.1)

    def warm_up(self):
        """Round-trips a tiny document of each kind through its OOXML filter and to PDF (slides also
        to PNG), so the first real job does not pay for loading those libraries."""
        kinds = (("swriter", "MS Word 2007 XML", "docx"), ("scalc", "Calc MS Excel 2007 XML", "xlsx"),
                 ("simpress", "Impress MS PowerPoint 2007 XML", "pptx"))
        with tempfile.TemporaryDirectory() as folder:
            for factory, ooxml_filter, extension in kinds:
                source = os.path.join(folder, "warm." + extension)
                doc = self.desktop.loadComponentFromURL("private:factory/" + factory, "_blank", 0, (prop("Hidden", True),))
                try:
                    doc.storeToURL(uno.systemPathToFileUrl(source), (prop("FilterName", ooxml_filter),))
                finally:
                    doc.close(True)
                target = "html" if extension == "pptx" else "pdf"
                self.convert({"input": source, "output": os.path.join(folder, "warm." + target), "target": target})

    def preferred_filter(self, kind):
        return dict((p.Name, p.Value) for p in self.detection.getByName(kind)).get("PreferredFilter") or None

    def convert(self, request):
        source, output, target = request["input"], request["output"], request["target"]
        # Deep detection reads the content, so the extension cannot choose the import filter.
        kind, _ = self.detection.queryTypeByDescriptor((prop("URL", uno.systemPathToFileUrl(source)),), True)
        load_filter, load_options = formats.import_filter(kind, source, target, self.preferred_filter)
        load_args = [prop("Hidden", True), prop("ReadOnly", True), prop("MacroExecutionMode", 0), prop("UpdateDocMode", 0)]
        if load_filter:
            load_args.append(prop("FilterName", load_filter))
        if load_options:
            load_args.append(prop("FilterOptions", load_options))
        doc = self.desktop.loadComponentFromURL(uno.systemPathToFileUrl(source), "_blank", 0, tuple(load_args))
        if doc is None:
            raise RuntimeError("LibreOffice could not open the document")
        try:
            family = formats.family_of(doc)
            self.export(doc, family, target, output, request.get("title") or "")
            return family
        finally:
            close_quietly(doc)

    def export(self, doc, family, target, output, title):
        if family in ("impress", "draw") and target == "html":
            return slides.write_html(self.ctx, doc, output, title)
        if family in ("impress", "draw") and target == "txt":
            return slides.write_text(doc, output)
        export_filter, options = formats.export_spec(family, target)
        args = [prop("FilterName", export_filter)] + ([prop("FilterOptions", options)] if options else [])

        def store(path):
            doc.storeToURL(uno.systemPathToFileUrl(path), tuple(args))

        if (family, target) == ("calc", "txt"):
            return formats.write_sheets_text(doc, output, store)
        store(output)

    def responsive(self):
        try:
            self.desktop.getComponents()
            return self.process.poll() is None
        except Exception:
            return False

    def alive(self):
        # After soffice.bin dies, oosplash (our child) follows within a few hundred ms.
        try:
            self.process.wait(timeout=0.5)
            return False
        except subprocess.TimeoutExpired:
            return self.responsive()

    def quit(self):
        try:
            self.desktop.terminate()
        except Exception:
            pass


def main():
    parser = argparse.ArgumentParser()
    for name in ("--soffice", "--profile", "--pipe"):
        parser.add_argument(name, required=True)
    parser.add_argument("--deadline", type=float, default=45)
    args = parser.parse_args()
    started = time.monotonic()
    lifecycle.SOCKETS.extend(lifecycle.socket_paths(args.profile, args.pipe))
    signal.signal(signal.SIGTERM, lifecycle.kill_group)
    try:
        office = Office(args)
        connected = time.monotonic()
        office.warm_up()
    except Exception as error:
        send({"fatal": str(error)})
        return
    threading.Thread(target=lifecycle.watch, args=(office.process,), daemon=True).start()
    send({"ready": True, "sofficePid": office.process.pid, "ms": round((time.monotonic() - started) * 1000),
          "connectMs": round((connected - started) * 1000)})
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if not office.responsive():
            send({"id": request["id"], "ok": False, "reason": "crashed", "stale": True, "message": "LibreOffice died before the job started"})
            return
        try:
            family = office.convert(request)
            send({"id": request["id"], "ok": True, "family": family})
        except Exception as error:
            refused = isinstance(error, formats.Refused)
            # soffice.bin may be dead while oosplash still runs: trust the bridge's own word too.
            crashed = not refused and ("disposed" in str(error).lower() or not office.alive())
            send({"id": request["id"], "ok": False, "reason": "crashed" if crashed else "failed",
                  "refused": refused, "message": str(error)[:500]})
            if crashed:
                return
    office.quit()


if __name__ == "__main__":
    try:
        main()
    finally:
        lifecycle.kill_group()
