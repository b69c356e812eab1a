"""The journeys the browser tests share: sign up, log in and out, swipe to someone, chat; and usernames
of their own, as the server's world keeps every account.
"""

import itertools
import uuid

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from browser import PageTestCase


RUN = uuid.uuid4().hex[:6]  # usernames of this run: the server's world outlives a test
NUMBERS = itertools.count(1)


def fresh_username(prefix="sam"):
    """A username nobody in the server's world has yet."""
    return f"{prefix}{RUN}{next(NUMBERS)}"


class JourneyTestCase(PageTestCase):
    """A page test with the journeys a person makes, step by step as they would."""

    # MARK: Journeys the tests share

    def sign_up(self, username=None, name="Sam", ages=("25", "35"), distance=None):
        username = username or fresh_username()
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
        """Passes on everyone before `name` (the demo people, and whoever signed up before in the shared
        world), then shows their card."""
        for _ in range(80):
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

    def open_conversation_with(self, name):
        """Clicks the row of `name` on the matches tab."""

        def click(driver):
            for row in self.top_layer().find_elements(By.CSS_SELECTOR, "[data-testid^='row-']"):
                if name in row.text:
                    row.click()
                    return True
            return False

        self.wait_for(click, f"a click on {name}'s row")
        self.wait_for_screen("chat")

    def press(self, *keys):
        """Presses keys as a person would, on whatever has focus."""
        ActionChains(self.driver).send_keys(*keys).perform()

    def log_in(self, username, password="correct horse"):
        self.wait_for_screen("welcome")
        self.tap("logIn")
        self.wait_for_screen("signIn")
        self.type_into("username", username)
        self.type_into("password", password)
        self.tap("submit")
        self.wait_for_screen("home")

    def log_out(self):
        self.tap("logOut")
        self.tap("logOut:confirm")
        self.wait_for_screen("welcome")

    def send(self, text):
        self.type_into("message", text)
        self.tap("chat:send")
        self.wait_for(lambda d: self.my_bubble(text), f"my bubble '{text}'")

    def their_bubble(self, text):
        return any(text in bubble.text for bubble in self.bubbles(mine=False))
