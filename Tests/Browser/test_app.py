"""The app in a real browser: sign up, swipe to a match, chat with receipts and typing, log out.

Bob, a demo person, is played by the server's knobs (POST /api/sessions/{id}/knobs): he likes the
new user ({"knob":"like","from":"bob"}), types, answers and reads. Every assertion is about what the page shows.
"""

import unittest

from selenium.webdriver.common.by import By

from browser import PageTestCase


class AppTests(PageTestCase):
    # MARK: Journeys the tests share

    def sign_up(self, username="sam", name="Sam", ages=("25", "35"), distance=None):
        self.wait_for_screen("welcome")
        self.tap("createAccount")
        self.wait_for_screen("signUp")
        self.type_into("username", username)
        self.type_into("password", "correct horse")
        self.type_into("displayName", name)
        self.type_into("birthDate", "1997-05-20")
        self.tap("submit")
        self.wait_for_screen("profileSetup")
        self.type_into("bio", "Likes long walks and short queues.")
        self.tap("interest:Music")
        self.tap("interest:Coffee")
        self.type_into("minimumAge", ages[0])
        self.type_into("maximumAge", ages[1])
        if distance:
            self.type_into("maximumDistance", distance)
        self.tap("save")
        self.wait_for_screen("home")

    # The card on the top layer, read in one go (the page may redraw between two WebDriver calls).
    CARD = "const c = document.querySelector('#app > :last-child [data-testid=\"card\"]');"

    def card_name(self):
        return self.driver.execute_script(self.CARD + " return c ? c.querySelector('.card-name').innerText : null;")

    def card_id(self):
        return self.driver.execute_script(self.CARD + " return c ? c.dataset.cardId : null;")

    def swipe_to(self, name):
        """Passes on everyone before `name` (the deck's order is the demo people's), then shows their card."""
        for _ in range(10):
            shown = self.wait_for(lambda d: self.card_name(), "a card on the deck")
            if shown.startswith(name):
                return
            card = self.card_id()
            self.tap("deck:pass")
            self.wait_for(lambda d: self.card_id() != card, f"the card after {shown}")
        self.fail(f"{name} never came up on the deck")

    def bob_likes_me(self):
        self.knob(knob="like", **{"from": "bob"})

    def match_with_bob(self):
        self.bob_likes_me()
        self.swipe_to("Bob")
        self.tap("deck:like")
        self.wait_for_screen("match")

    def bubbles(self, mine):
        selector = f'[data-testid="message"][data-mine="{"true" if mine else "false"}"]'
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def my_bubble(self, text):
        for bubble in self.bubbles(mine=True):
            if text in bubble.text:
                return bubble
        return None

    # MARK: Tests

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


if __name__ == "__main__":
    unittest.main()
