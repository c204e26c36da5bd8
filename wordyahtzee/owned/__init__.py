"""What players make and own: their own dice sets (a family's box) and the dictionaries
they upload (docs/security.md, "Own dice sets and dictionaries"). The service is
:class:`~.service.Owned`; the store keeps the rows (:mod:`wordyahtzee.store.owned`).

- **Owners.** A thing belongs to the profile that made it, or, without a profile, to the
  browser (a random key in a cookie; only its hash is kept). A request's owners are both,
  when it carries both.
- **Dice sets** live in the store (every machine and every backup has them). A new box's id
  is :func:`~wordyahtzee.dice.new_box_id` (128 random bits) and is also its link: anyone who
  has it may look at the box and play with it, nobody else finds it. Listings show the
  shipped sets and the asker's own (and one opened by its link); an owner keeps at most
  :data:`~.service.BOX_CAP`, counted in the transaction that makes one. A game keeps its
  own copy of its dice, so a box deleted later changes no game, and a deleted box's link
  starts none.
- **Dictionaries** stay files in the data dir (their tries in the cache), named by an
  unguessable id when uploaded; the store notes each upload's owner and listing. An upload
  is listed to its owner; to everyone only after a moderator approved it (``public``).
  A user dictionary without a note was built on the command line, by the operator, and is
  listed to everyone. An owner has at most :data:`~.service.DICTIONARY_CAP` uploads.
"""
