"""The app in a real browser: sign up, swipe to a match, chat with receipts and typing, log out; the
browser's Back and Forward, the keyboard, screen readers (roles, names, axe-core), long names at
360 px, right-to-left text, and the connection line and the toast clear of the controls.

Bob, a demo person, is played by the server's knobs (POST /api/sessions/{id}/knobs): he likes the
new user ({"knob":"like","from":"bob"}), types, answers and reads. Two people in two browsers share
the server's one world: they match and chat both ways. Every test signs up a username of its own, as
the world keeps every account. Every assertion is about what the page shows.
"""

import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from journeys import JourneyTestCase, fresh_username


class AppTests(JourneyTestCase):
    def test_twoPeopleInTwoBrowsers_matchAndChatBothWays(self):
        ann, ben = fresh_username("ann"), fresh_username("ben")
        other = self.open_browser()
        self.sign_up(username=ann, name="Ann")
        with self.in_browser(other):
            self.sign_up(username=ben, name="Ben")
            self.swipe_to("Ann")  # Ann signed up first: she is in Ben's first page
            self.tap("deck:like")
        # Ben was not there when Ann's deck loaded: she sees him after signing in again.
        self.log_out()
        self.log_in(ann)
        self.swipe_to("Ben")
        self.tap("deck:like")
        self.wait_for_screen("match")
        self.tap("match:message")
        self.wait_for_screen("chat")
        self.send("Hi Ben, from Ann's browser")
        with self.in_browser(other):
            self.tap("tab:matches")
            self.open_conversation_with("Ann")
            self.wait_for(lambda d: self.their_bubble("Hi Ben, from Ann's browser"), "Ann's bubble in Ben's browser")
            self.send("Hi Ann, from Ben's browser")
        self.wait_for(lambda d: self.their_bubble("Hi Ann, from Ben's browser"), "Ben's bubble in Ann's browser")

    def test_signingUp_showsTheDeckWithACard(self):
        self.sign_up()
        self.wait_for(lambda d: "km away" in self.text_of('[data-testid="card"]'), "a card with a distance")
        for action in ("deck:pass", "deck:like", "deck:superLike"):
            self.button(action)  # shown and enabled

    def test_signUpWithAShortPassword_showsTheFieldsError(self):
        self.wait_for_screen("welcome")
        self.tap("createAccount")
        self.type_into("username", "sam")
        self.type_into("password", "short")
        self.type_into("displayName", "Sam")
        self.type_into("birthDate", "1997-05-20")
        self.tap("submit")
        self.wait_for_text("8 characters")
        self.assertEqual(self.top_screen(), "signUp")

    def test_likingSomeoneWhoLikesYou_showsTheMatchOverTheDeck(self):
        self.sign_up()
        self.bob_likes_me()
        self.swipe_to("Bob")
        self.wait_for(
            lambda d: "Music" in self.text_of('[data-testid="shared-interests"]'), "the shared interest on the card"
        )
        self.screenshot("deck")
        self.tap("deck:like")
        self.wait_for_screen("match")
        self.wait_for_text("It's a match!")
        self.wait_for_text("Bob")
        # The deck is still there, under the modal.
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, '[data-screen="home"]')), 1)
        self.screenshot("match")

    def test_chatting_showsBubblesTypingAndTheReadTick(self):
        self.sign_up()
        self.match_with_bob()
        self.tap("match:message")
        self.wait_for_screen("chat")
        self.type_into("message", "Hi Bob! Coffee this week?")
        self.tap("chat:send")
        self.wait_for(lambda d: self.my_bubble("Hi Bob! Coffee this week?"), "my bubble")
        self.wait_for(lambda d: self.field_value("message") == "", "the message field emptied after sending")

        self.knob(knob="read", by="bob")
        self.wait_for(
            lambda d: [tick.text for tick in self.my_bubble("Hi Bob!").find_elements(By.CSS_SELECTOR, ".tick-read")]
            == ["✓✓"],
            "two ticks, coloured as read",
        )

        self.knob(knob="typing", by="bob")
        self.wait_for_text("Bob is typing…")
        self.knob(knob="message", text="Yes! Thursday?", **{"from": "bob"})
        self.wait_for(
            lambda d: any("Yes! Thursday?" in bubble.text for bubble in self.bubbles(mine=False)),
            "Bob's bubble",
        )

        def right_edge(bubble):
            return bubble.location["x"] + bubble.size["width"]

        def mine_on_the_right(driver):
            theirs = [bubble for bubble in self.bubbles(mine=False) if "Yes! Thursday?" in bubble.text]
            return theirs and right_edge(self.my_bubble("Hi Bob!")) > right_edge(theirs[0]) + 40

        self.wait_for(mine_on_the_right, "my bubble on the right, Bob's on the left")

        self.type_into("message", "Thursday it is.")
        self.tap("chat:send")
        self.wait_for(lambda d: self.my_bubble("Thursday it is."), "my second bubble")
        self.knob(knob="read", by="bob")
        bakery = "Perfect. 10 am at the bakery on Elm Street?"
        self.knob(knob="message", text=bakery, **{"from": "bob"})
        self.wait_for(lambda d: any(bakery in bubble.text for bubble in self.bubbles(mine=False)), "Bob's answer")
        self.type_into("message", "See you there!")
        self.tap("chat:send")
        self.wait_for(lambda d: self.my_bubble("See you there!"), "my third bubble")
        self.knob(knob="typing", by="bob")
        self.wait_for_text("Bob is typing…")
        self.screenshot("conversation")

    def test_theMatchesTab_showsTheNewMatchThenAnUnreadBadgeAsBobWrites(self):
        self.sign_up()
        self.match_with_bob()
        self.tap("match:keepSwiping")
        self.wait_for_screen("home")
        self.tap("tab:matches")
        self.wait_for_text("New match")
        self.knob(knob="message", text="Hey there", **{"from": "bob"})

        def bobs_row_with_one_unread(driver):
            for row in self.top_layer().find_elements(By.CSS_SELECTOR, "[data-testid^='row-']"):
                badges = row.find_elements(By.CSS_SELECTOR, '[data-testid="unread"]')
                if "Bob" in row.text and "Hey there" in row.text and badges and badges[0].text == "1":
                    return True
            return False

        self.wait_for(bobs_row_with_one_unread, "Bob's row with 'Hey there' and an unread badge of 1")
        self.screenshot("matches", docs=False)

    def test_outOfLikes_showsACountdownThatTicks(self):
        self.sign_up(ages=("18", "100"), distance="500")  # enough people for a day's likes
        while self.top_screen() == "home":
            shown = self.wait_for(lambda d: self.card_id(), "a card on the deck")
            self.tap("deck:like")
            self.wait_for(lambda d: self.top_screen() != "home" or self.card_id() != shown, "the next card")
        self.wait_for_screen("outOfLikes")
        countdown = '[data-testid="countdown-time"]'
        first = self.wait_for(lambda d: self.text_of(countdown), "the countdown")
        self.assertRegex(first, r"^\d+:\d\d(:\d\d)?$")
        self.wait_for(lambda d: self.text_of(countdown) not in ("", first), "the countdown to tick", timeout=5)
        self.screenshot("out-of-likes", docs=False)
        self.tap("outOfLikes:ok")
        self.wait_for_screen("home")

    def test_aWrongPassword_showsAnErrorBanner(self):
        self.wait_for_screen("welcome")
        self.tap("logIn")
        self.wait_for_screen("signIn")
        self.type_into("username", "bob")
        self.type_into("password", "not his password")
        self.tap("submit")
        self.wait_for(
            lambda d: "Wrong username or password" in self.text_of('[data-testid="banner"][data-kind="error"]'),
            "an error banner",
        )
        self.type_into("password", "builder123")
        self.tap("submit")
        self.wait_for_screen("home")

    def test_textFromTheServer_isShownAsText_neverAsMarkup(self):
        self.sign_up()
        self.match_with_bob()
        markup = '<b>bold?</b> <img src="x" onerror="window.injected=1">'
        self.knob(knob="message", text=markup, **{"from": "bob"})
        self.tap("match:message")
        self.wait_for_screen("chat")
        self.wait_for(lambda d: any(markup in bubble.text for bubble in self.bubbles(mine=False)), "the text as sent")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#app b, #app img"), [])
        self.assertIsNone(self.driver.execute_script("return window.injected"))

    def test_loggingOut_asksThenShowsTheWelcomeScreen(self):
        self.sign_up()
        self.tap("logOut")
        self.wait_for(lambda d: "Log out?" in self.text_of('[data-testid="alert"]'), "the alert")
        self.screenshot("log-out-alert", docs=False)
        self.tap("logOut:cancel")
        self.wait_for(lambda d: not d.find_elements(By.CSS_SELECTOR, '[data-testid="alert"]'), "the alert gone")
        self.assertEqual(self.top_screen(), "home")
        self.tap("logOut")
        self.tap("logOut:confirm")
        self.wait_for_screen("welcome")
        self.wait_for_text("Create account")

    def test_theBrowsersBackAndForward_moveBetweenTheAppsPlaces(self):
        self.sign_up()
        self.wait_for(lambda d: self.place() == ["home", "tab:deck", "#/deck"], "the deck at #/deck")

        # A profile is a place: Back returns to the deck, Forward to the profile.
        self.tap("deck:profile")
        self.wait_for(lambda d: self.place()[0] == "profile" and self.place()[2].startswith("#/profile/"), "a profile")
        profile = self.place()
        self.driver.back()
        self.wait_for(lambda d: self.place() == ["home", "tab:deck", "#/deck"], "the deck again after Back")
        self.driver.forward()
        self.wait_for(lambda d: self.place() == profile, "the profile again after Forward")
        self.tap("back")
        self.wait_for(lambda d: self.place() == ["home", "tab:deck", "#/deck"], "the deck after the app's Back")

        # The tabs and a conversation.
        self.match_with_bob()
        self.tap("match:keepSwiping")
        self.tap("tab:matches")
        self.wait_for(lambda d: self.place() == ["home", "tab:matches", "#/matches"], "the matches tab")
        self.open_conversation_with("Bob")
        self.wait_for(lambda d: self.place()[2].startswith("#/chat/m-"), "the conversation's address")
        chat = self.place()
        self.wait_for_text("Bob")

        self.driver.back()
        self.wait_for(lambda d: self.place() == ["home", "tab:matches", "#/matches"], "the matches tab after Back")
        self.driver.back()
        self.wait_for(lambda d: self.place() == ["home", "tab:deck", "#/deck"], "the deck after Back again")
        self.driver.forward()
        self.wait_for(lambda d: self.place() == ["home", "tab:matches", "#/matches"], "the matches tab after Forward")
        self.driver.forward()
        self.wait_for(lambda d: self.place() == chat, "the conversation after Forward again")
        self.assertEqual(self.text_of('[data-testid="title"]'), "Bob")

        # A reload keeps the place, and the history around it.
        self.driver.refresh()
        self.wait_for(lambda d: self.place() == chat, "the conversation after a reload")
        self.wait_for(lambda d: self.text_of('[data-testid="title"]') == "Bob", "Bob's conversation after a reload")

        # The app's own Back is the browser's: after it, Back goes on to the deck, Forward returns.
        self.tap("back")
        self.wait_for(lambda d: self.place() == ["home", "tab:matches", "#/matches"], "matches after the app's Back")
        self.driver.back()
        self.wait_for(lambda d: self.place() == ["home", "tab:deck", "#/deck"], "the deck after Back")
        self.driver.forward()
        self.driver.forward()
        self.wait_for(lambda d: self.place() == chat, "the conversation after Forward twice")

    def test_keyboardSwiping_keepsFocusOnTheDecksButtons(self):
        self.sign_up()
        self.driver.execute_script("arguments[0].focus()", self.button("deck:pass"))
        for press in range(3):
            card = self.wait_for(lambda d: self.card_id(), "a card")
            self.press(Keys.ENTER)
            self.wait_for(lambda d: self.card_id() not in (None, card), f"the next card after Enter #{press + 1}")
            self.wait_for(lambda d: self.focused_action() == "deck:pass", "focus on Pass, on the next card")

        # Arrow keys on the deck: Left passes, Right likes; focus stays on the button it was on.
        self.bob_likes_me()
        for _ in range(10):
            shown = self.wait_for(lambda d: self.card_name(), "a card on the deck")
            if shown.startswith("Bob"):
                break
            card = self.card_id()
            self.press(Keys.ARROW_LEFT)
            self.wait_for(lambda d: self.card_id() not in (None, card), "the card after Left")
        self.assertTrue(self.card_name().startswith("Bob"), "Left passed up to Bob")
        self.wait_for(lambda d: self.focused_action() == "deck:pass", "focus still on Pass")
        self.press(Keys.ARROW_RIGHT)
        self.wait_for_screen("match")
        # The sheet takes focus; closing it with the keyboard gives it back to the deck.
        self.wait_for(lambda d: self.focused_action() == "match:message", "focus in the match sheet")
        self.press(Keys.TAB)
        self.wait_for(lambda d: self.focused_action() == "match:keepSwiping", "Tab to Keep swiping")
        self.press(Keys.ENTER)
        self.wait_for_screen("home")
        self.wait_for(lambda d: self.focused_action() == "deck:pass", "focus back on Pass")

    def test_dialogsAndRows_tellAssistiveTechnologyWhatTheyAre(self):
        self.sign_up()
        self.match_with_bob()
        sheet = self.driver.find_element(By.CSS_SELECTOR, '[data-screen="match"]')
        self.assertEqual(sheet.aria_role, "dialog")
        self.assertEqual(sheet.get_attribute("aria-modal"), "true")
        self.assertEqual(sheet.accessible_name, "It's a match!")

        self.tap("match:keepSwiping")
        self.tap("tab:matches")
        self.wait_for_text("New match")
        row = self.top_layer().find_element(By.CSS_SELECTOR, "[data-testid^='row-']")
        self.assertEqual(row.aria_role, "button")
        self.assertIn("Bob", row.accessible_name)
        self.assertEqual(row.find_element(By.XPATH, "..").aria_role, "listitem")

        self.tap("logOut")
        alert = self.wait_for(lambda d: d.find_element(By.CSS_SELECTOR, '[data-testid="alert"]'), "the alert")
        self.assertEqual(alert.aria_role, "alertdialog")
        self.assertEqual(alert.get_attribute("aria-modal"), "true")
        self.assertEqual(alert.accessible_name, "Log out?")

    def test_theMainScreens_passAnAccessibilityCheck(self):
        self.wait_for_screen("welcome")
        self.assert_accessible("the welcome screen")
        self.sign_up()
        self.wait_for(lambda d: self.card_id(), "a card")
        self.assert_accessible("the deck")
        self.match_with_bob()
        self.assert_accessible("the match sheet")
        self.tap("match:keepSwiping")
        self.tap("tab:matches")
        self.wait_for_text("New match")
        self.knob(knob="message", text="Hey there", **{"from": "bob"})
        self.wait_for_text("Hey there")
        self.assert_accessible("the matches list")
        self.open_conversation_with("Bob")
        self.type_into("message", "Hi Bob!")
        self.tap("chat:send")
        self.wait_for(lambda d: self.my_bubble("Hi Bob!"), "my bubble")
        self.knob(knob="typing", by="bob")
        self.wait_for_text("Bob is typing…")
        self.assert_accessible("a conversation")
        self.tap("back")
        self.tap("logOut")
        self.wait_for(lambda d: "Log out?" in self.text_of('[data-testid="alert"]'), "the alert")
        self.assert_accessible("the log-out alert")

    def test_aLongName_neverMakesThePhoneScrollSideways(self):
        width = 360
        self.set_width(width)
        long_name = "W" * 39  # the widest capitals, one short of the limit, with no space to wrap at

        # What is wider than the phone: the page itself, and (as the page clips its app) anything in the
        # app that reaches past the phone's edge or holds content wider than itself, unless that ends in
        # an ellipsis. A screen's scrolling body would scroll sideways; a card would cut the name off.
        too_wide = """
            const width = arguments[0];
            const found = [];
            for (const node of document.querySelectorAll('#app *')) {
              if (node.closest('.visually-hidden') || node.getClientRects().length === 0) continue;
              const box = node.getBoundingClientRect();
              const clipped =
                node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).textOverflow !== 'ellipsis';
              if (box.left < -1 || box.right > width + 1 || clipped) {
                const where = `${Math.round(box.left)}…${Math.round(box.right)}`;
                const content = `content ${node.scrollWidth} in ${node.clientWidth}`;
                found.push(`${node.tagName.toLowerCase()}.${node.className} (${where}, ${content})`);
              }
            }
            return found;"""

        def assert_fits(where):
            self.screenshot(f"long-name-{where.replace(' ', '-')}", docs=False)
            page = self.driver.execute_script("return document.documentElement.scrollWidth")
            self.assertLessEqual(page, width, f"the page is {page} px wide on the {where}")
            self.assertEqual(self.driver.execute_script(too_wide, width), [], f"wider than the phone on the {where}")

        # One's own name, on the home screen; then someone else (sam) meets the long-named person.
        long_username = fresh_username("long")
        self.sign_up(username=long_username, name=long_name, ages=("18", "100"))
        self.wait_for_text(long_name)
        assert_fits("home")
        self.tap("logOut")
        self.tap("logOut:confirm")
        self.wait_for_screen("welcome")
        self.sign_up()
        self.knob(knob="like", **{"from": long_username})
        self.swipe_to(long_name)
        assert_fits("card")
        self.tap("deck:like")
        self.wait_for_screen("match")
        self.wait_for_text(long_name)
        assert_fits("match sheet")
        self.tap("match:message")
        self.wait_for_screen("chat")
        self.knob(knob="typing", by=long_username)
        self.wait_for_text(f"{long_name} is typing…")
        self.assertEqual(self.text_of('[data-testid="title"]'), long_name)
        assert_fits("conversation")
        self.tap("back")
        self.wait_for_screen("home")
        self.tap("tab:matches")
        self.wait_for(lambda d: self.top_layer().find_elements(By.CSS_SELECTOR, "[data-testid^='row-']"), "the row")
        assert_fits("matches list")

    def test_rightToLeftText_readsRightToLeft(self):
        self.sign_up()
        self.match_with_bob()
        hebrew = "שלום עולם!"
        self.knob(knob="message", text=hebrew, **{"from": "bob"})
        self.tap("match:keepSwiping")
        self.tap("tab:matches")
        direction = "return getComputedStyle(arguments[0]).direction"

        def preview(driver):
            found = self.top_layer().find_elements(By.CSS_SELECTOR, "[data-testid^='row-'] .row-detail")
            return found[0] if found and found[0].text == hebrew else None

        self.assertEqual(self.driver.execute_script(direction, self.wait_for(preview, "the preview")), "rtl")
        self.open_conversation_with("Bob")

        def bubble(driver):
            for message in self.bubbles(mine=False):
                for text in message.find_elements(By.CSS_SELECTOR, ".bubble"):
                    if text.text == hebrew:
                        return text
            return None

        self.assertEqual(self.driver.execute_script(direction, self.wait_for(bubble, "Bob's bubble")), "rtl")
        self.screenshot("right-to-left", docs=False)

    def test_theConnectionLineAndTheToast_neverCoverTheControls(self):
        self.sign_up()
        self.match_with_bob()
        self.tap("match:message")
        self.wait_for_screen("chat")
        self.wait_for(lambda d: self.text_of('[data-testid="title"]') == "Bob", "Bob's conversation")
        # Discover goes away: the network is down and the session (its event stream) ends.
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd(
            "Network.emulateNetworkConditions",
            {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
        )
        self.delete_session(self.session)
        line = "const line = document.getElementById('problem'); return line ? line.textContent : '';"
        self.wait_for(lambda d: "Reconnecting" in d.execute_script(line), "the connection line")
        self.type_into("message", "x")  # the edit cannot go out: the toast says so

        measure = """
            const box = (selector) => {
              const node = document.querySelector(selector);
              if (!node || node.getClientRects().length === 0) return null;
              const r = node.getBoundingClientRect();
              return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
            };
            const top = '#app > :last-child ';
            return {
              line: box('#problem'), toast: box('#toast.shown'),
              controls: {
                back: box(top + '[data-action="back"]'), title: box(top + '[data-testid="title"]'),
                message: box(top + 'input[data-field="message"]'), send: box(top + '[data-action="chat:send"]'),
              },
            };"""
        boxes = self.wait_for(
            lambda d: (lambda b: b if b["line"] and b["toast"] else None)(d.execute_script(measure)),
            "the connection line and the toast, both shown",
        )
        self.screenshot("connection-line-and-toast", docs=False)

        def overlap(a, b):
            across = a["left"] < b["right"] and b["left"] < a["right"]
            return across and a["top"] < b["bottom"] and b["top"] < a["bottom"]

        for name, control in boxes["controls"].items():
            self.assertIsNotNone(control, f"the {name} control is shown")
            for cover in ("line", "toast"):
                self.assertFalse(overlap(control, boxes[cover]), f"the {cover} covers the {name} control: {boxes}")


if __name__ == "__main__":
    unittest.main()
