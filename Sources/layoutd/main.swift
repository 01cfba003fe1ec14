import HTTP
import LayoutAPI

print("layoutd: placeholder")
