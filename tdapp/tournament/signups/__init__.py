"""Sign-ups before the night (issue 30): a player says "I'm coming" with a name and a contact,
and gets a place (confirmed), a place in the queue (waitlisted) or a wait for the DdT's word
(pending). Every change is an event in the tournament's log, like an entry.

    model.py      Signup, Signups (the tournament's `signups` field), SignupSettings
    commands.py   what the player and the DdT ask
    events.py     what happened, with every promotion it caused
    rules.py      decide and apply; the rules of a free place and of membership
    telling.py    moments(before, after): what each sign-up's player must be told
    log.py        what each event touches and how the log reads it
    membership.py members and guests on a night for members only
    view.py       the headcount every view carries

Check-in is a registration (registration.py's `RegisterPlayer` with a `signup_id`).
"""
