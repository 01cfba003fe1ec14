import LayoutEngine
print("LayoutBench: placeholder")
