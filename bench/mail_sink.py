#!/usr/bin/env python3
"""A plain SMTP server for bench/run-server-load with NOTICES=1 (Debian's python3-aiosmtpd):
it takes every mail, counts them, and confirms each confirmation mail's address by
POSTing its token to the server, as a person opening the link would.

    mail_sink.py PORT SERVER_URL COUNT_FILE
"""
import json
import re
import sys
import threading
import time
import urllib.request

from aiosmtpd.controller import Controller

port, server, count_file = int(sys.argv[1]), sys.argv[2], sys.argv[3]
TOKEN = re.compile(rb"/confirm-email/([0-9a-f]{64})")


class Handler:
    def __init__(self):
        self.count = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, smtp, session, envelope):
        content = envelope.original_content
        with self.lock:
            self.count += 1
            with open(count_file, "w") as out:
                out.write(str(self.count))
        if b"confirm_email@" in content:
            import base64
            # The link is in the base64 text part: decode every part's lines and look.
            text = b"".join(base64.b64decode(line) for line in re.findall(rb"^([A-Za-z0-9+/=]{4,76})\r?$", content, re.M)
                            if len(line) % 4 == 0)
            found = TOKEN.search(text)
            if found:
                threading.Thread(target=confirm, args=(found.group(1).decode(),), daemon=True).start()
        return "250 OK"


def confirm(token):
    request = urllib.request.Request(f"{server}/api/v1/email/confirm", data=json.dumps({"token": token}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    urllib.request.urlopen(request, timeout=30).read()


controller = Controller(Handler(), hostname="127.0.0.1", port=port)
controller.start()
try:
    while True:
        time.sleep(3600)
except KeyboardInterrupt:
    pass
finally:
    controller.stop()
