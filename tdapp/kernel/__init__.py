"""The ground floor: what every layer above speaks, importing nothing of the app (stdlib only).

    refusals.py   DomainError(code, **params), the one refusal type (the engine's `Refusal` is
                  its subclass); register_messages({...} with Plural(...) for a count),
                  message_for(code, params), engine_refusal(code, refused)
    names.py      folded / same_name_key (who is who), tidied / fits (a name as kept)
    numbers.py    whole_or_none: the one grammar of a whole number from outside
    events.py     the event codec (encode / decode) and upcasting (upgraded, adds), every log's
    results.py    ResultRow: a player's night, written by a tournament and read by the seasons
"""
