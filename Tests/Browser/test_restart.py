"""A server restarted on its data folder: `discover serve --data <folder>` killed with SIGKILL and
started again on the same folder and port keeps both people's accounts, their match and every
message, and each browser, reloaded, finds its session signed in where it was.

The test starts servers of its own (the binary in DISCOVER_BIN, which Scripts/browser-tests passes),
with a fresh data folder, so the world of the other tests is not touched.
"""

import os
import select
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

from journeys import JourneyTestCase, fresh_username

START_TIMEOUT = 120  # seconds for a server to say where it listens


class RestartTests(JourneyTestCase):
    def setUp(self):
        binary = os.environ.get("DISCOVER_BIN")
        if not binary:
            raise unittest.SkipTest("DISCOVER_BIN is not set: run Scripts/browser-tests")
        self.binary = binary
        self.data = tempfile.mkdtemp(prefix="discover-restart-")
        self.addCleanup(shutil.rmtree, self.data, ignore_errors=True)
        self.server = None
        self.addCleanup(self.stop_server)
        self.url = self.start_server(port=0)
        self.driver, self.session = self.open_browser()

    def start_server(self, port):
        """Starts `discover serve --data <folder>` on `port` (0: any) and answers its address."""
        self.server = subprocess.Popen(
            [self.binary, "serve", "--port", str(port), "--test-knobs", "--data", self.data],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        line = b""
        deadline = time.monotonic() + START_TIMEOUT
        while not line.endswith(b"\n") and time.monotonic() < deadline:
            ready, _, _ = select.select([self.server.stdout], [], [], max(0, deadline - time.monotonic()))
            if not ready:
                break
            chunk = os.read(self.server.stdout.fileno(), 1)
            if not chunk:
                break
            line += chunk
        text = line.decode(errors="replace").strip()
        self.assertTrue(text.startswith("Serving on http://127.0.0.1:"), f"the server said: {text!r}")
        return text[len("Serving on ") :]

    def stop_server(self):
        if self.server and self.server.poll() is None:
            self.server.send_signal(signal.SIGTERM)
            self.server.wait(timeout=30)
        if self.server:
            self.server.stdout.close()

    def kill_server(self):
        """SIGKILL: no clean-up, no last write; what the server answered must be on the disk already."""
        self.server.send_signal(signal.SIGKILL)
        self.server.wait(timeout=30)
        self.server.stdout.close()
        self.server = None

    def show_conversation_with(self, name):
        """After a reload: the conversation with `name` (where the session was, or opened from home)."""
        self.wait_for(lambda d: self.top_screen() in ("chat", "home"), "the session signed in again")
        if self.top_screen() == "home":
            self.tap("tab:matches")
            self.open_conversation_with(name)

    def test_aServerKilledAndRestartedOnItsDataFolder_keepsBothAccountsTheMatchAndEveryMessage(self):
        ann, ben = fresh_username("ann"), fresh_username("ben")
        other = self.open_browser()
        self.sign_up(username=ann, name="Ann")
        with self.in_browser(other):
            self.sign_up(username=ben, name="Ben")
            self.swipe_to("Ann")
            self.tap("deck:like")
        self.log_out()  # Ben was not there when Ann's deck loaded: she sees him after signing in again
        self.log_in(ann)
        self.swipe_to("Ben")
        self.tap("deck:like")
        self.wait_for_screen("match")
        self.tap("match:message")
        self.wait_for_screen("chat")
        self.send("Hi Ben, before the crash")
        with self.in_browser(other):
            self.tap("tab:matches")
            self.open_conversation_with("Ann")
            self.wait_for(lambda d: self.their_bubble("Hi Ben, before the crash"), "Ann's bubble in Ben's browser")
            self.send("Hi Ann, before the crash")
        self.wait_for(lambda d: self.their_bubble("Hi Ann, before the crash"), "Ben's bubble in Ann's browser")

        port = self.url.rsplit(":", 1)[1]
        self.kill_server()
        self.assertEqual(self.start_server(port=int(port)), self.url)

        for browser, mine, theirs, name in (
            ((self.driver, self.session), "Hi Ben, before the crash", "Hi Ann, before the crash", "Ben"),
            (other, "Hi Ann, before the crash", "Hi Ben, before the crash", "Ann"),
        ):
            with self.in_browser(browser):
                self.driver.refresh()
                self.show_conversation_with(name)
                self.wait_for(lambda d: self.my_bubble(mine), f"my bubble '{mine}' after the restart")
                self.wait_for(lambda d: self.their_bubble(theirs), f"their bubble '{theirs}' after the restart")
        # The account's password still signs Ann in (its hash was kept).
        self.tap("back")
        self.wait_for_screen("home")
        self.log_out()
        self.log_in(ann)


if __name__ == "__main__":
    unittest.main()
